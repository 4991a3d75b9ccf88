import DojoCatalog
import DojoCore
import DojoGrading
import Foundation
import Synchronization

extension CompilingChecker {
    /// A test-writing exercise: the learner's tests must pass against the subject, then fail
    /// against every mutant. `analysis` reads the file's wiring meanwhile; its broken rules
    /// fail the exercise.
    func checkTests(
        of exercise: Exercise, source: URL, wiring analysis: Task<WiringCheck, Never>, admission: Task<CheckReport?, Never>,
        onPhase: @escaping @Sendable (CheckPhase) -> Void
    ) async throws -> CheckReport {
        let began = ContinuousClock.now
        // Parsed once: for the tests to list, and for the copy the checks module is compiled from.
        let parsed = ParsedSource((try? fileSystem.text(of: source)) ?? "")
        let learnerTests = TestCaseDiscovery.testCases(in: parsed.tree)
        guard !learnerTests.isEmpty else {
            return CheckReport(exerciseID: exercise.id, outcome: .noTestsWritten, duration: began.duration(to: .now))
        }
        let extraChecks = exercise.hasChecks ? try lessonTestCases(in: exercise.checks) : []
        let onTheSubject = CheckProgramRequest(
            exerciseID: exercise.id, underTest: exercise.subject + exercise.support,
            tests: [source] + (exercise.hasChecks ? [exercise.checks] : []), learnerFile: source,
            testCases: learnerTests + extraChecks, learnerStep: .checksModule, learnerFlags: Self.compilerFlags(of: exercise),
            learnerParse: parsed
        )
        // The tests are compiled and linked exactly as for the subject (the lesson's checks
        // with them), so that one compile serves the subject and every mutant: a mutant
        // changes what the subject does, not its interface. Against a mutant only the
        // learner's own classes run.
        let learnerClasses = learnerTests.map(\.className)
        let mutantRequests = exercise.mutants.map { mutant in
            var onTheMutant = CheckProgramRequest(
                exerciseID: exercise.id, underTest: mutant.apply(to: exercise.subject) + exercise.support,
                tests: onTheSubject.tests, learnerFile: source, testCases: onTheSubject.testCases,
                learnerStep: .checksModule, learnerFlags: onTheSubject.learnerFlags
            )
            onTheMutant.runOnly = learnerClasses
            return (mutant, onTheMutant)
        }
        // The mutants' programs start once the subject's checks have compiled: each loads
        // XCTest, Foundation and the lesson library, at a lower priority, while the subject's
        // checks are linked and run, and is then only a load of two small libraries and a run.
        // They go on once the tests passed on the subject; otherwise they are stopped unopened.
        // Started any sooner (as the checks began to compile), they cost a check that stops
        // at a compile error, the commonest while a learner works, ~110 ms of starting and
        // stopping, for no gain in a check that passes.
        onPhase(.compiling)
        let programRun = self.programRun
        let early = Mutex<[Int: CheckProgramRun.StartedRun]>([:])
        let startTheMutants: @Sendable () -> Void = {
            for (index, (_, request)) in mutantRequests.enumerated() {
                // One that cannot start now starts after the subject's run, as before.
                guard let started = try? programRun.start(request, early: true) else { continue }
                early.withLock { $0[index] = started }
            }
        }
        func abandonTheMutants() async {
            let started = early.withLock { runs in defer { runs = [:] }; return Array(runs.values) }
            await withTaskGroup(of: Void.self) { group in
                for run in started { group.addTask { await programRun.abandon(run) } }
            }
        }
        // The mutants' code, which never changes, is compiled on the core the subject's
        // compiles leave idle, when the cache does not have it yet (the first check).
        let compiledAhead = CompiledAhead(mutantRequests.map(\.1), by: programRun)
        let onSubject: CheckReport
        do {
            onSubject = try await programRun.finish(
                try programRun.start(onTheSubject), admission: admission, onPhase: onPhase, whenTheChecksCompiled: startTheMutants)
        } catch {
            await compiledAhead.cancel()
            await abandonTheMutants()
            throw error
        }
        compiledAhead.stop()
        var judged = onSubject
        judged.learnerTestClasses = Set(learnerClasses)
        // Read while the tests compiled and ran.
        let wiring = await analysis.value.results
        // A broken wiring rule fails the exercise whatever the mutants do.
        guard judged.passed, wiring.allSatisfy(\.passed) else {
            await compiledAhead.cancel()
            await abandonTheMutants()
            return Self.adding(wiring, to: judged)
        }

        onPhase(.mutants)
        // Two at a time: classroom laptops have few cores.
        let finished: [MutantResult]
        do {
            let started = early.withLock { $0 }
            finished = try await Array(mutantRequests.enumerated()).concurrentMap(limit: 2) { index, mutantRequest in
                let (mutant, request) = mutantRequest
                await compiledAhead.wait(for: index)
                let run = try started[index] ?? programRun.start(request)
                let report = try await programRun.finish(run, admission: admission, onPhase: { _ in })
                return MutantResult(mutant: mutant, report: report)
            }
        } catch {
            // Those a failure or a cancellation left waiting (the others it leaves as they were).
            await compiledAhead.cancel()
            await abandonTheMutants()
            throw error
        }
        // Done with its last compile by now (its mutant's run waited for it): nothing outlives the check.
        await compiledAhead.cancel()
        let outcome: CheckReport.Outcome
        if finished.contains(where: { $0.report.outcome == .cancelled }) {
            outcome = .cancelled
        } else if finished.contains(where: { !$0.caught }) {
            outcome = .mutantsSurvived
        } else {
            outcome = .passed
        }
        var report = CheckReport(
            exerciseID: exercise.id, outcome: outcome, checks: judged.checks + wiring, mutants: finished,
            output: judged.output, droppedOutputBytes: judged.droppedOutputBytes, duration: began.duration(to: .now)
        )
        report.learnerTestClasses = judged.learnerTestClasses
        return report
    }
}
