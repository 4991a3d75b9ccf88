import DojoCatalog
import DojoCore
import DojoGrading
import DojoTestSupport
import Foundation
import MutationTesting
import Synchronization
import Testing

/// `verify --mutate`'s judging, with a checker that judges by words in the file: what a check
/// makes of a mutant (killed, survived, dropped), and how declared equivalents are matched.
@Suite struct MutationVerifierTests {
    let fileSystem = InMemoryFileSystem()
    let catalog: LessonCatalog

    init() throws {
        let lessons = URL(fileURLWithPath: "/lessons")
        try LessonFixture.arithmetic().write(into: lessons, fileSystem: fileSystem)
        try LessonFixture.testWriting().write(into: lessons, fileSystem: fileSystem)
        catalog = LessonCatalog.load(from: lessons, fileSystem: fileSystem)
    }

    /// Fails the checks of a file that says WRONG, does not compile one that says BROKEN, and
    /// passes the rest; for a test-writing exercise, catches the planted bugs that say WRONG.
    final class WordJudge: ExerciseChecker {
        let fileSystem: any FileSystem
        let checked = Mutex<[(exercise: Exercise, source: URL)]>([])

        init(fileSystem: any FileSystem) { self.fileSystem = fileSystem }

        func outcome(of file: URL) -> CheckReport.Outcome {
            let text = (try? fileSystem.text(of: file)) ?? ""
            return text.contains("BROKEN") ? .compileFailed : text.contains("WRONG") ? .checksFailed : .passed
        }

        func check(_ exercise: Exercise, source: URL, phases: AsyncStream<CheckPhase>.Continuation?) async throws -> CheckReport {
            checked.withLock { $0.append((exercise, source)) }
            let mutants = exercise.mutants.map { mutant in
                MutantResult(mutant: mutant, report: CheckReport(exerciseID: exercise.id, outcome: outcome(of: mutant.files[0])))
            }
            return CheckReport(exerciseID: exercise.id, outcome: exercise.kind == .test ? .passed : outcome(of: source), mutants: mutants)
        }
    }

    static func mutant(_ op: MutationOperator, line: Int, _ source: String) -> SourceMutant {
        SourceMutant(operator: op, line: line, description: "a change at line \(line)", change: "change \(line)", source: source)
    }

    /// `exercise` with these equivalents declared.
    static func declaring(_ equivalents: [EquivalentMutant], in exercise: Exercise) -> Exercise {
        Exercise(
            lessonID: exercise.lessonID, number: exercise.number, title: exercise.title, task: exercise.task, hints: exercise.hints,
            fileName: exercise.fileName, starter: exercise.starter, solution: exercise.solution, checks: exercise.checks,
            support: exercise.support, kind: exercise.kind, subject: exercise.subject, mutants: exercise.mutants,
            hasChecks: exercise.hasChecks, wiring: exercise.wiring, warningsAsErrors: exercise.warningsAsErrors,
            mistakes: exercise.mistakes, equivalents: equivalents
        )
    }

    @Test func eachMutantIsKilledSurvivesOrIsDroppedAndEquivalentsAreMatchedByOperatorAndLine() async throws {
        let exercise = Self.declaring([
            EquivalentMutant(operator: "constant", line: 3, why: "both are the same"),
            EquivalentMutant(operator: "comparison", line: 9, why: "no such mutant"),
        ], in: try #require(catalog.exercise(id: "arithmetic.1")))
        let judge = WordJudge(fileSystem: fileSystem)
        let verifier = MutationVerifier(checker: judge, fileSystem: fileSystem, workFolder: URL(fileURLWithPath: "/work")) { _, source in
            [
                Self.mutant(.constant, line: 2, source + "// WRONG\n"),
                Self.mutant(.deleteStatement, line: 2, source + "// BROKEN\n"),
                Self.mutant(.constant, line: 2, source + "// still right\n"),
                Self.mutant(.constant, line: 3, source + "// equivalent\n"),
            ]
        }
        let report = try #require(try await verifier.verify([exercise]).first)
        #expect(report.findings.map(\.verdict) == [.killed, .dropped, .survived, .survived])
        #expect((report.made, report.dropped, report.killed, report.equivalent, report.survivors.count) == (4, 1, 1, 1, 1))
        #expect(report.survivors.map(\.mutant.change) == ["change 2"])
        #expect(report.staleEquivalents.map(\.line) == [9], "a declaration that matches no surviving mutant is stale")
        #expect(!report.holds)
        // The solution is checked first, then each mutant, as the learner's file, under its own
        // name, once.
        let checked = judge.checked.withLock { $0.map(\.source) }
        #expect(checked.count == 5)
        #expect(checked.first.map { (try? fileSystem.text(of: $0)) ?? "" } == (try fileSystem.text(of: exercise.solution)))
        #expect(Set(checked.map(\.lastPathComponent)) == [exercise.fileName])
        #expect(Set(checked.map(\.path)).count == 5, "each in a folder of its own")
        #expect(report.findings[0].diff.contains("+// WRONG"))
        #expect(report.text.contains("survived: constant, line 2 of \(exercise.fileName): a change at line 2"))
    }

    /// A solution that fails its own checks would make every mutant look dropped or killed, and
    /// the run say that all hold: it stops with the reason instead.
    @Test func aSolutionThatFailsItsOwnChecksStopsTheRun() async throws {
        let exercise = try #require(catalog.exercise(id: "arithmetic.1"))
        let source = try fileSystem.text(of: exercise.solution)
        for (word, problem) in [("BROKEN", "compile"), ("WRONG", "check")] {
            try fileSystem.write(source + "// \(word)\n", to: exercise.solution)
            let judge = WordJudge(fileSystem: fileSystem)
            let verifier = MutationVerifier(checker: judge, fileSystem: fileSystem, workFolder: URL(fileURLWithPath: "/work")) { _, source in
                [Self.mutant(.constant, line: 2, source + "// WRONG\n")]
            }
            await #expect(throws: DojoError.self, "a solution that does not \(problem)") { try await verifier.verify([exercise]) }
            #expect(judge.checked.withLock { $0.count } == 1, "no mutant is checked")
        }
        try fileSystem.write(source, to: exercise.solution)
    }

    @Test func theMutantsOfATestWritingExercisesSubjectAreRunAsItsPlantedBugs() async throws {
        let exercise = try #require(catalog.exercise(id: "testing.1"))
        let judge = WordJudge(fileSystem: fileSystem)
        let verifier = MutationVerifier(checker: judge, fileSystem: fileSystem, workFolder: URL(fileURLWithPath: "/work")) { _, source in
            [Self.mutant(.constant, line: 3, source + "// WRONG\n"), Self.mutant(.deleteStatement, line: 3, source + "// missed\n")]
        }
        let report = try #require(try await verifier.verify([exercise]).first)
        #expect(report.findings.map(\.verdict) == [.killed, .survived])
        #expect(report.findings.map(\.fileName) == ["Counter.swift", "Counter.swift"])
        // One check of the reference tests, with the generated mutants in the planted ones' place.
        let checked = judge.checked.withLock { $0 }
        #expect(checked.map(\.source) == [exercise.solution])
        #expect(checked.first?.exercise.mutants.map(\.description) == ["a change at line 3", "a change at line 3"])
        #expect(checked.first?.exercise.mutants.map { $0.files.map(\.lastPathComponent) } == [["Counter.swift"], ["Counter.swift"]])
    }
}

extension MutationVerifierTests {
    /// `exercise` with these declarations given.
    static func giving(_ given: [String], in exercise: Exercise) -> Exercise {
        Exercise(
            lessonID: exercise.lessonID, number: exercise.number, title: exercise.title, task: exercise.task, hints: exercise.hints,
            fileName: exercise.fileName, starter: exercise.starter, solution: exercise.solution, checks: exercise.checks,
            support: exercise.support, mistakes: exercise.mistakes, given: given
        )
    }

    /// Given code is left unmutated, and only when the starter hands it over as the solution has it.
    @Test func givenCodeIsNotMutatedAndMustBeTheStartersAsItIs() async throws {
        let base = try #require(catalog.exercise(id: "arithmetic.1"))
        let helper = "\n/// Given: read it.\nfunc helper() -> Int { 1 }\n"
        try fileSystem.write(try fileSystem.text(of: base.starter) + helper, to: base.starter)
        try fileSystem.write(try fileSystem.text(of: base.solution) + helper, to: base.solution)
        let verifier = MutationVerifier(checker: WordJudge(fileSystem: fileSystem), fileSystem: fileSystem, workFolder: URL(fileURLWithPath: "/work")) { exercise, source in
            MutantGenerator().mutants(of: source, leaving: Set(exercise.given))
        }
        let all = try #require(try await verifier.verify([base]).first)
        #expect(all.findings.map(\.mutant.line) == [2, 6, 6], "without `given`, helper() at line 6 is mutated too")
        let learners = try #require(try await verifier.verify([Self.giving(["helper"], in: base)]).first)
        #expect(learners.findings.map(\.mutant.change) == ["`2` → `3`"])

        for (given, problem) in [
            ("double", "lesson.yaml's 'given' names double, but the solution's double is not the starter's"),
            ("triple", "lesson.yaml's 'given' names triple, which the solution does not declare at its top level"),
        ] {
            do {
                _ = try await verifier.verify([Self.giving(["helper", given], in: base)])
                Issue.record("given \(given) should be refused")
            } catch let error as DojoError {
                #expect(error.errorDescription?.contains(problem) == true, "\(error.errorDescription ?? "")")
            }
        }
    }
}
