import DojoCatalog
import DojoCore
import DojoGrading
import Foundation

extension CompilingChecker {
    /// A test-writing exercise: the learner's tests must pass against the subject, then fail
    /// against every mutant. `analysis` reads the file's wiring meanwhile; its broken rules
    /// fail the exercise.
    func checkTests(
        of exercise: Exercise, source: URL, wiring analysis: Task<WiringCheck, Never>, admission: Task<CheckReport?, Never>,
        onPhase: @escaping @Sendable (CheckPhase) -> Void
    ) async throws -> CheckReport {
        let started = ContinuousClock.now
        // Parsed once: for the tests to list, and for the copy the checks module is compiled from.
        let parsed = ParsedSource((try? fileSystem.text(of: source)) ?? "")
        let learnerTests = TestCaseDiscovery.testCases(in: parsed.tree)
        guard !learnerTests.isEmpty else {
            return CheckReport(exerciseID: exercise.id, outcome: .noTestsWritten, duration: started.duration(to: .now))
        }
        let extraChecks = exercise.hasChecks ? try lessonTestCases(in: exercise.checks) : []
        var subjectRun = CheckProgramRequest(
            exerciseID: exercise.id, underTest: exercise.subject + exercise.support,
            tests: [source] + (exercise.hasChecks ? [exercise.checks] : []), learnerFile: source,
            testCases: learnerTests + extraChecks, learnerStep: .checksModule, learnerFlags: Self.compilerFlags(of: exercise)
        )
        subjectRun.learnerParse = parsed
        let onTheSubject = subjectRun
        var onSubject = try await programRun.run(onTheSubject, admission: admission, onPhase: onPhase)
        onSubject.learnerTestClasses = Set(learnerTests.map(\.className))
        // Read while the tests compiled and ran.
        let wiring = await analysis.value.results
        guard onSubject.passed else { return Self.adding(wiring, to: onSubject) }
        // A broken wiring rule fails the exercise whatever the mutants do.
        guard wiring.allSatisfy(\.passed) else { return Self.adding(wiring, to: onSubject) }

        onPhase(.mutants)
        // Two at a time: each is a compile and a run, and classroom laptops have few cores. A
        // mutant changes what the subject does, not its interface, so the learner's tests
        // compiled for the subject are linked against each mutant as they are.
        // The tests are compiled and linked exactly as for the subject (the lesson's checks
        // with them), so that one compile serves the subject and every mutant; against a
        // mutant only the learner's own classes run.
        let learnerClasses = learnerTests.map(\.className)
        let finished = try await exercise.mutants.concurrentMap(limit: 2) { mutant in
            var onTheMutant = CheckProgramRequest(
                exerciseID: exercise.id, underTest: mutant.apply(to: exercise.subject) + exercise.support,
                tests: onTheSubject.tests, learnerFile: source, testCases: onTheSubject.testCases,
                learnerStep: .checksModule, learnerFlags: onTheSubject.learnerFlags
            )
            onTheMutant.runOnly = learnerClasses
            let report = try await programRun.run(onTheMutant, admission: admission, onPhase: { _ in })
            return MutantResult(mutant: mutant, report: report)
        }
        let outcome: CheckReport.Outcome
        if finished.contains(where: { $0.report.outcome == .cancelled }) {
            outcome = .cancelled
        } else if finished.contains(where: { !$0.caught }) {
            outcome = .mutantsSurvived
        } else {
            outcome = .passed
        }
        var report = CheckReport(
            exerciseID: exercise.id, outcome: outcome, checks: onSubject.checks + wiring, mutants: finished,
            output: onSubject.output, droppedOutputBytes: onSubject.droppedOutputBytes, duration: started.duration(to: .now)
        )
        report.learnerTestClasses = onSubject.learnerTestClasses
        return report
    }
}
