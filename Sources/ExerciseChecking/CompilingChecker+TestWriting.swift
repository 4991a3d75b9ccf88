import ChildProcess
import DojoCatalog
import DojoCore
import DojoGrading
import Foundation

extension CompilingChecker {
    /// How many mutants' runs go at a time: classroom laptops have few cores.
    static let mutantsRunAtOnce = 2

    /// A test-writing exercise: the learner's tests must pass against the subject, then fail
    /// against every mutant. `analysis` reads the file's wiring meanwhile; its broken rules
    /// fail the exercise.
    ///
    /// The compiler cannot start before the tests are known (the generated entry point lists
    /// them), and the parse that finds them took 20–25 ms of a debug build before it. So the
    /// check starts from `QuickTestsScan`'s reading of the text, and the parse, beside the
    /// compiler, confirms it before anything is reported; when they differ (a shape the scan
    /// does not know), the check starts again from the parse.
    func checkTests(
        of exercise: Exercise, source: URL, parsed learnerFile: Task<ParsedSource?, Never>, wiring analysis: Task<WiringCheck, Never>,
        admission: Task<CheckReport?, Never>, onPhase: @escaping @Sendable (CheckPhase) -> Void
    ) async throws -> CheckReport {
        let began = ContinuousClock.now
        let guess = QuickTestsScan.reading(of: (try? fileSystem.text(of: source)) ?? "")
        let parsed = Task { LearnerTestsReading(await learnerFile.value ?? ParsedSource("")) }
        if let report = try await checkTests(
            of: exercise, source: source, reading: guess, holds: { await parsed.value == guess }, began: began,
            wiring: analysis, admission: admission, onPhase: onPhase) {
            return report
        }
        trace.mark("tests read again")
        return try await checkTests(
            of: exercise, source: source, reading: await parsed.value, holds: { true }, began: began,
            wiring: analysis, admission: admission, onPhase: onPhase
        ) ?? CheckReport(exerciseID: exercise.id, outcome: .cancelled, duration: began.duration(to: .now))
    }

    /// The check of the learner's tests as `reading` lists them; nil, with every program it
    /// started stopped, when `holds` says that reading was not the file's.
    private func checkTests(
        of exercise: Exercise, source: URL, reading: LearnerTestsReading, holds: @Sendable () async -> Bool, began: ContinuousClock.Instant,
        wiring analysis: Task<WiringCheck, Never>, admission: Task<CheckReport?, Never>, onPhase: @escaping @Sendable (CheckPhase) -> Void
    ) async throws -> CheckReport? {
        let learnerTests = reading.testCases
        guard !learnerTests.isEmpty else {
            guard await holds() else { return nil }
            return CheckReport(exerciseID: exercise.id, outcome: .noTestsWritten, duration: began.duration(to: .now))
        }
        let extraChecks = exercise.hasChecks ? try lessonTestCases(in: exercise.checks) : []
        var onTheSubject = CheckProgramRequest(
            exerciseID: exercise.id, underTest: exercise.subject + exercise.support,
            tests: [source] + (exercise.hasChecks ? [exercise.checks] : []), learnerFile: source,
            testCases: learnerTests + extraChecks, learnerStep: .checksModule, learnerFlags: Self.compilerFlags(of: exercise)
        )
        onTheSubject.learnerTestsReading = reading
        // The tests are compiled and linked exactly as for the subject (the lesson's checks
        // with them), so that one compile serves the subject and every mutant: a mutant
        // changes what the subject does, not its interface. Against a mutant only the
        // learner's own classes run. Most mutants are compiled together, as one schema.
        let learnerClasses = learnerTests.map(\.className)
        let planted = PlantedBugRequests.all(
            of: exercise, subject: &onTheSubject, runOnly: learnerClasses, fileSystem: fileSystem, cache: programRun.steps.cache)
        let mutantRequests = planted.bugs
        // The mutants run in a fork server (see `PlantedBugsServer`), which starts as the
        // checks begin to compile and loads XCTest, Foundation and the lesson library beside
        // the compiler; each mutant's run is then a fork of it. It is stopped the moment the
        // subject's build fails.
        onPhase(.compiling)
        let programRun = self.programRun
        let server = PlantedBugsServer(for: mutantRequests.first?.alone ?? onTheSubject, by: programRun)
        // The mutants' code, which never changes, is compiled on the core the subject's
        // compiles leave idle, when the cache does not have it yet (the first check).
        let compiledAhead = CompiledAhead(planted.compiledAhead, by: programRun)
        func stopEverything() async {
            await compiledAhead.cancel()
            await server.close()
        }
        let onSubject: CheckReport
        let mutantsFollow = CheckProgramRun.BuildEvents(
            checksCompiling: { if !mutantRequests.isEmpty { server.start() } },
            failed: { server.stopSoon() }
        )
        do {
            onSubject = try await programRun.finish(
                try programRun.start(onTheSubject), admission: admission, onPhase: onPhase, events: mutantsFollow)
        } catch {
            await stopEverything()
            throw error
        }
        // The tests it listed and the copy it compiled were the file's, or nothing it found counts.
        guard await holds() else {
            await stopEverything()
            return nil
        }
        compiledAhead.stop()
        var judged = onSubject
        judged.learnerTestClasses = Set(learnerClasses)
        // Read while the tests compiled and ran.
        let wiring = await analysis.value.results
        // A broken wiring rule fails the exercise whatever the mutants do.
        guard judged.passed, wiring.allSatisfy(\.passed) else {
            await stopEverything()
            return Self.adding(wiring, to: judged)
        }

        onPhase(.mutants)
        let finished: [MutantResult]
        do {
            let inServer = await server.started
            finished = try await mutantRequests.concurrentMap(limit: Self.mutantsRunAtOnce) { requests in
                await compiledAhead.wait(for: requests.compiledAheadIndex)
                func run(_ request: CheckProgramRequest) async throws -> CheckReport {
                    do {
                        return try await programRun.finish(
                            try programRun.start(request, server: inServer), admission: admission, onPhase: { _ in })
                    } catch is ChildProcessError where inServer != nil {
                        // The server could not start the run (it has ended, or cannot serve on this
                        // system): the run starts a program of its own, as without a server.
                        return try await programRun.finish(try programRun.start(request), admission: admission, onPhase: { _ in })
                    }
                }
                // A schema already known not to compile (compiled ahead, or by another run) is
                // not compiled again.
                if let together = requests.together, !compiledAhead.failed(requests.compiledAheadIndex) {
                    let report = try await run(together)
                    guard report.outcome == .compileFailed else { return MutantResult(mutant: requests.mutant, report: report) }
                    // A schema that does not compile (a body whose cases the compiler reads
                    // otherwise than alone): its planted bugs are compiled alone, as they are
                    // the lesson's, and compiling them alone is what the lesson's tests prove.
                    trace.mark("planted bugs schema failed")
                    compiledAhead.noteFailed(requests.compiledAheadIndex)
                }
                return MutantResult(mutant: requests.mutant, report: try await run(requests.alone))
            }
        } catch {
            await stopEverything()
            throw error
        }
        // Done with its last compile by now (its mutant's run waited for it): nothing outlives the check.
        await compiledAhead.cancel()
        await server.close(stoppingIt: false)
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
