import DojoCatalog
import DojoCore
import DojoGrading
import DojoShell
import DojoTestSupport
import Foundation
import Testing

/// For every exercise under Lessons/: the starter fails its checks, the solution passes them,
/// and every catalogued mistake is rejected with a report that names it, with the same code as
/// `didojo verify --solutions --starters --mistakes`.
@Suite struct LessonVerificationTests {
    static let catalog = LessonCatalog.load(from: Didojo.lessonsFolder, fileSystem: LocalFileSystem())

    @Test func everyLessonLoads() {
        #expect(Self.catalog.problems.isEmpty, "\(Self.catalog.problems)")
        #expect(Self.catalog.lessons.count >= 6)
    }

    @Test(arguments: catalog.allExercises.map(\.id))
    func theStarterFailsTheSolutionPassesAndEveryMistakeIsRejectedByName(exerciseID: String) async throws {
        let exercise = try #require(Self.catalog.exercise(id: exerciseID))
        let fileSystem = LocalFileSystem()
        let verifier = LessonVerifier(checker: try RealChecker.make()) { report, exercise, file in
            await PlainReportText.text(of: report, exercise: exercise, learnerFile: file, fileSystem: fileSystem)
        }
        for mode in LessonVerifier.Mode.allCases {
            let findings = try await verifier.verify([exercise], mode: mode)
            #expect(!findings.isEmpty)
            for finding in findings {
                #expect(finding.holds, "\(VerificationLine.describe(finding))")
            }
        }
    }

    /// Every exercise is proven against at least three wrong attempts, the course against 72.
    @Test func theMistakeCataloguesHaveTheirFloor() {
        let counts = Self.catalog.allExercises.map { ($0.id, $0.mistakes.count) }
        for (id, count) in counts {
            #expect(count >= 3, "\(id) has \(count) catalogued mistakes; every exercise needs at least 3")
        }
        #expect(counts.reduce(0) { $0 + $1.1 } >= 72)
    }

    @Test(arguments: catalog.allExercises.map(\.id))
    func everyExerciseHasATodoInItsStarterAndAtLeastTwoHints(exerciseID: String) throws {
        let exercise = try #require(Self.catalog.exercise(id: exerciseID))
        #expect(try String(contentsOf: exercise.starter, encoding: .utf8).contains("TODO"))
        #expect(exercise.hints.count >= 2)
    }
}
