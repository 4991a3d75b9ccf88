import DojoCore
import DojoTestSupport
import Foundation
import Testing

/// For every exercise under Lessons/: the starter fails its checks and the solution passes
/// them, with the same code as `didojo verify`.
@Suite struct LessonVerificationTests {
    static let catalog = LessonCatalog.load(from: Didojo.lessonsFolder, fileSystem: LocalFileSystem())

    @Test func everyLessonLoads() {
        #expect(Self.catalog.problems.isEmpty, "\(Self.catalog.problems)")
        #expect(Self.catalog.lessons.count >= 6)
    }

    @Test(arguments: catalog.allExercises.map(\.id))
    func theStarterFailsAndTheSolutionPasses(exerciseID: String) async throws {
        let exercise = try #require(Self.catalog.exercise(id: exerciseID))
        let verifier = LessonVerifier(checker: try RealChecker.make())
        for mode in LessonVerifier.Mode.allCases {
            let finding = try #require(try await verifier.verify([exercise], mode: mode).first)
            #expect(finding.holds, "\(VerificationLine.describe(finding))")
        }
    }

    @Test(arguments: catalog.allExercises.map(\.id))
    func everyExerciseHasATodoInItsStarterAndAtLeastTwoHints(exerciseID: String) throws {
        let exercise = try #require(Self.catalog.exercise(id: exerciseID))
        #expect(try String(contentsOf: exercise.starter, encoding: .utf8).contains("TODO"))
        #expect(exercise.hints.count >= 2)
    }
}
