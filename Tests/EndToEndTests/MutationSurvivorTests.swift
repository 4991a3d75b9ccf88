import DojoCore
import DojoGrading
import DojoShell
import DojoTestSupport
import Foundation
import MutationTesting
import Testing
import Yams

/// `verify --mutate` over every lesson, as CI runs it: the checks of every exercise against
/// every mutant of its solution (or, for a test-writing exercise, of its subject).
///
/// Not every survivor is killed yet, so the ones found are listed in
/// `Lessons/mutation-survivors.yaml`, a ratchet: this test fails on a survivor the list does not
/// have (a check got weaker, or a solution changed) AND on a listed one that no longer survives
/// (take it out), so the list can only shrink. Issue 27 stays open until it is empty.
@Suite struct MutationSurvivorTests {
    static let catalog = RealChecker.repositoryLessons
    static let ratchetFile = Didojo.lessonsFolder.appendingPathComponent("mutation-survivors.yaml")

    /// One listed survivor: enough to find it again, and to read what it is.
    struct Survivor: Codable, Hashable, CustomStringConvertible {
        let exercise: String
        let `operator`: String
        let line: Int
        let change: String

        var description: String { "{exercise: \(exercise), operator: \(`operator`), line: \(line), change: \(change)}" }
    }

    struct Ratchet: Codable {
        let survivors: [Survivor]
    }

    /// The generator of each lesson, told its vocabulary and ambient contexts as `didojo` does.
    static func verifier(workFolder: URL) throws -> MutationVerifier {
        var generators: [String: MutantGenerator] = [:]
        for lesson in catalog.lessons {
            let vocabulary = RealChecker.repositoryVocabularies.vocabulary(for: lesson).vocabulary
            let ambients = AmbientAccessors.learned(from: RealChecker.repositoryVocabularies.sources(for: lesson), vocabulary: vocabulary)
            generators[lesson.id] = MutantGenerator(vocabulary: vocabulary, ambients: ambients)
        }
        let kept = generators
        return MutationVerifier(
            checker: try RealChecker.make(), fileSystem: LocalFileSystem(), workFolder: workFolder,
            makeMutants: { exercise, source in kept[exercise.lessonID]!.mutants(of: source, leaving: Set(exercise.given)) }
        )
    }

    @Test func everySurvivorIsListedAndEveryListedOneStillSurvives() async throws {
        let work = TestRunFolder.url.appendingPathComponent("didojo-mutation-survivors-\(getpid())")
        defer { try? FileManager.default.removeItem(at: work) }
        let reports = try await Self.verifier(workFolder: work).verify(Self.catalog.allExercises)
        #expect(reports.count == Self.catalog.allExercises.count)

        var found: [Survivor: String] = [:]
        for report in reports {
            for survivor in report.survivors {
                let key = Survivor(exercise: report.exercise, operator: survivor.mutant.operator.rawValue, line: survivor.mutant.line, change: survivor.mutant.change)
                found[key] = "\(survivor.mutant.description)\n\(survivor.diff)"
            }
        }
        let listed = try YAMLDecoder().decode(Ratchet.self, from: String(contentsOf: Self.ratchetFile, encoding: .utf8)).survivors
        for (survivor, text) in found where !listed.contains(survivor) {
            Issue.record("A new survivor: the checks of \(survivor.exercise) let this mutant through. Sharpen them (or declare it equivalent in lesson.yaml with why); listing it in Lessons/mutation-survivors.yaml is for the survivors of before the ratchet only.\n\(survivor)\n\(text)")
        }
        for survivor in listed where found[survivor] == nil {
            Issue.record("No longer survives (killed, or the solution changed): take it out of Lessons/mutation-survivors.yaml, the list only shrinks.\n\(survivor)")
        }
        #expect(Set(listed).count == listed.count, "Lessons/mutation-survivors.yaml lists a survivor twice")
        for report in reports {
            #expect(report.staleEquivalents.isEmpty, "\(report.exercise) declares equivalents that match no surviving mutant: \(report.staleEquivalents)")
            // Equivalents are the exception: at most a tenth of the mutants that compile.
            let compiled = report.made - report.dropped
            #expect(report.equivalent * 10 <= compiled, "\(report.exercise) declares \(report.equivalent) of \(compiled) mutants equivalent; at most 10 % may be")
        }
    }
}
