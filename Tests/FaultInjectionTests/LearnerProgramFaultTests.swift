import DojoCore
import DojoGrading
import DojoShell
import DojoTestSupport
import DojoWorkspace
import ExerciseChecking
import Foundation
import Testing

/// What a learner's code can do wrong, on purpose or not. Each case is a plausible attempt at
/// exercise no-di.1 (Fixtures/), checked through the shell with the real checker. Each fault
/// must end in a failed check that says why, with the attempt recorded and the shell still
/// answering; correct code that leaves processes behind passes, with nothing left running.
///
/// The protections under test live in Sources/ChildProcess (time limit, the run's reaper,
/// output cap, memory, file-size and process limits, stdin from /dev/null) and in ExerciseChecker (a run that ends
/// before every check has run is never a pass; results come from a file, not from the output).
@MainActor
@Suite struct LearnerProgramFaultTests {
    /// For faults that hang without their protection: short, so the suite stays quick.
    static let hangTimeout: Duration = .seconds(3)
    /// For the others: long enough that a loaded machine never turns a crash into a timeout.
    static let ampleTimeout: Duration = .seconds(60)

    /// One check of `fixture` as no-di.1, through a new shell.
    struct Checked {
        let report: CheckReport
        /// What the shell printed for the check.
        let printed: String
        let shell: RealShell

        /// What the crash was, nil when the check ended any other way.
        var crash: CrashInfo? {
            if case .crashed(let crash) = report.outcome { return crash }
            return nil
        }
    }

    func check(
        _ fixture: String, timeout: Duration, memoryLimit: Int = CheckSettings().memoryLimit, replacing placeholders: [String: String] = [:]
    ) async throws -> Checked {
        var settings = CheckSettings()
        settings.timeout = timeout
        settings.memoryLimit = memoryLimit
        // These faults test what holds where nothing confines the code (the reaper, the
        // limits): their fixtures start processes through raw pointers, and report to the test
        // through files outside the check. Confinement has tests of its own
        // (`ConfinementEscapeTests`).
        settings.confined = false
        settings.refusesReach = false
        let shell = try RealShell(settings: settings)
        var source = try String(contentsOf: Self.fixtures.appendingPathComponent("\(fixture).swift"), encoding: .utf8)
        for (placeholder, value) in placeholders {
            source = source.replacingOccurrences(of: placeholder, with: value)
        }
        try source.write(to: try shell.file(of: "no-di.1"), atomically: true, encoding: .utf8)
        let exercise = try #require(shell.shell.session.catalog.exercise(id: "no-di.1"))
        let before = shell.terminal.output.endIndex
        let report = try await CheckGate.shared.run { @MainActor in
            try #require(await shell.shell.session.runCheck(exercise), "the check did not start: \(String(shell.terminal.output[before...]))")
        }
        return Checked(report: report, printed: String(shell.terminal.output[before...]), shell: shell)
    }

    /// The shell answers the next command, and the failed attempt was recorded on disk.
    func expectStillResponsive(_ checked: Checked, sourceLocation: SourceLocation = #_sourceLocation) async {
        #expect(!checked.report.passed, "a fault must never pass", sourceLocation: sourceLocation)
        let answer = await checked.shell.type("progress")
        #expect(answer.contains("no-di: 0/3 passed, 1 attempt"), "the shell did not answer 'progress' as expected: \(answer)", sourceLocation: sourceLocation)
        let saved = try? ProgressStore(file: checked.shell.workspace.progressFile, fileSystem: LocalFileSystem(), timeSource: SystemTimeSource()).read()
        #expect(saved?.progress.exercise("no-di.1").attempts == 1, "the attempt was not saved", sourceLocation: sourceLocation)
    }

    static var fixtures: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    }

    // MARK: Hangs

    @Test func anEndlessLoopIsStoppedByTheTimeLimit() async throws {
        let checked = try await check("EndlessLoop", timeout: Self.hangTimeout)
        #expect(checked.report.outcome == .timedOut(seconds: 3))
        #expect(checked.printed.contains("✗ no-di.1: the checks took longer than 3 seconds and were stopped"))
        await expectStillResponsive(checked)
    }

    @Test func readingStandardInputGetsEndOfInputInsteadOfWaiting() async throws {
        let checked = try await check("ReadsStandardInput", timeout: Self.hangTimeout)
        // Nothing typed means nothing posted: the checks fail on their own terms, in time.
        #expect(checked.report.outcome == .checksFailed)
        #expect(checked.printed.contains("`share` should send exactly one post"))
        await expectStillResponsive(checked)
    }

    /// With a lower limit than the default 4 GiB (the same setrlimit), so that the case costs
    /// one gigabyte of a shared CI machine's memory rather than four. The time limit is far
    /// longer than for a hang: touching a gigabyte takes a loaded machine a few seconds, and a
    /// full CI run on a machine short of free memory (the kernel reclaiming its page cache as
    /// fast as the program touched pages) once took more than 15.
    @Test func unboundedAllocationHitsTheMemoryLimit() async throws {
        let checked = try await check("UnboundedAllocation", timeout: .seconds(90), memoryLimit: 1 << 30)
        let crash = try #require(checked.crash, "expected a crash at the memory limit, got \(checked.report.outcome)")
        #expect(crash.message?.contains("failed to allocate") == true, "not the runtime's out-of-memory message: \(String(describing: crash.message))")
        // "failed to allocate N bytes": it was this limit that stopped it, not the machine's.
        let asked = crash.message?.firstMatch(of: /allocate (\d+) bytes/).flatMap { Int($0.output.1) }
        #expect(asked.map { $0 <= 1 << 30 } == true, "the failed allocation (\(String(describing: asked)) bytes) was above the 1 GiB limit")
        #expect(checked.printed.contains("ran out of memory"))
        await expectStillResponsive(checked)
    }

    // MARK: Crashes

    @Test func endlessRecursionIsACrashNotAHang() async throws {
        let checked = try await check("EndlessRecursion", timeout: Self.ampleTimeout)
        let crash = try #require(checked.crash, "expected a crash, got \(checked.report.outcome)")
        #expect(crash.signal.contains("SIGSEGV"))
        #expect(checked.printed.contains("✗ no-di.1: your code crashed: segmentation fault (SIGSEGV) while checking"))
        await expectStillResponsive(checked)
    }

    @Test func fatalErrorIsACrashWithItsMessage() async throws {
        let checked = try await check("FatalError", timeout: Self.ampleTimeout)
        let crash = try #require(checked.crash, "expected a crash, got \(checked.report.outcome)")
        #expect(crash.message?.contains("TODO: post to Facebook") == true)
        #expect(checked.printed.contains("TODO: post to Facebook"))
        await expectStillResponsive(checked)
    }

    @Test func aForceUnwrapOfNilIsACrashWithTheRuntimesMessage() async throws {
        let checked = try await check("ForceUnwrapOfNil", timeout: Self.ampleTimeout)
        let crash = try #require(checked.crash, "expected a crash, got \(checked.report.outcome)")
        #expect(crash.signal.contains("SIGILL") || crash.signal.contains("SIGTRAP"))
        #expect(crash.message?.contains("Unexpectedly found nil while unwrapping an Optional value") == true)
        #expect(checked.printed.contains("Unexpectedly found nil"))
        await expectStillResponsive(checked)
    }

    // MARK: Escapes

    @Test func aChildProcessLeftSleepingIsKilledWithTheCheck() async throws {
        let pidFile = TestRunFolder.url.appendingPathComponent(TestRunFolder.uniqueName("didojo-sleeper") + ".pid")
        defer { try? FileManager.default.removeItem(at: pidFile) }
        let checked = try await check("SleepingChildProcess", timeout: Self.ampleTimeout, replacing: ["__PID_FILE__": pidFile.path])
        #expect(checked.report.outcome == .checksFailed)
        let pids = try String(contentsOf: pidFile, encoding: .utf8).split(separator: "\n").compactMap { pid_t($0) }
        #expect(!pids.isEmpty, "the fixture started no background process")
        for pid in pids {
            #expect(try await ProcessWatch.waitUntilGone(pid), "the background process \(pid) outlived the check")
        }
        await expectStillResponsive(checked)
    }

    /// Starts `didojo check no-di.1` on the workspace's file, waits until `ready` says yes, and
    /// kills `didojo` with SIGKILL (no chance to clean up). Returns whether it was still
    /// running then, and what it printed.
    ///
    /// `didojo` runs outside any launcher's reaper (``UnsupervisedDidojo``): the test's own
    /// reaper would otherwise end everything `didojo` started as soon as `didojo` died.
    func checkThenKill(_ didojo: Didojo, when ready: @escaping @Sendable () -> Bool) async throws -> (wasRunning: Bool, output: String) {
        try await CheckGate.shared.run {
            let checker = try UnsupervisedDidojo(didojo, arguments: ["check", "--timeout", "600", "no-di.1"])
            let deadline = ContinuousClock.now + .seconds(300)
            while !ready() && checker.isRunning && ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(50))
            }
            let wasRunning = checker.isRunning
            checker.kill()
            return (wasRunning, checker.output)
        }
    }

    @Test func aProgramWhoseCheckerIsKilledStopsItself() async throws {
        // The program runs in a session of its own, so no signal to the checker's group reaches it.
        var didojo = try Didojo()
        // The fixture reports its process id through a file outside the check (see `check`).
        didojo.unconfined = true
        _ = try await didojo.run([], input: "quit\n")  // the first start makes the workspace
        let pidFile = didojo.home.url.appendingPathComponent("learner.pid")
        let source = try String(contentsOf: Self.fixtures.appendingPathComponent("OutlivesTheChecker.swift"), encoding: .utf8)
            .replacingOccurrences(of: "__PID_FILE__", with: pidFile.path)
        try source.write(to: didojo.workspace.appendingPathComponent("no-di/1/SocialPresenter.swift"), atomically: true, encoding: .utf8)
        @Sendable func learnerPid() -> pid_t? {
            (try? String(contentsOf: pidFile, encoding: .utf8)).flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
        let killed = try await checkThenKill(didojo) { learnerPid() != nil }
        #expect(killed.wasRunning, "didojo ended before it could be killed: \(killed.output)")
        let pid = try #require(learnerPid(), "the learner's program never started")
        let stopped = try await ProcessWatch.waitUntilGone(pid, limit: .seconds(30))
        if !stopped { kill(pid, SIGKILL) }
        #expect(stopped, "the learner's program \(pid) outlived the killed checker")
    }

    @Test func changingTheCurrentDirectoryStaysInsideTheCheck() async throws {
        let folderBefore = FileManager.default.currentDirectoryPath
        let checked = try await check("ChangesDirectory", timeout: Self.ampleTimeout)
        #expect(checked.report.outcome == .checksFailed)
        #expect(FileManager.default.currentDirectoryPath == folderBefore)
        await expectStillResponsive(checked)
    }

    @Test func exitingBeforeTheChecksRanIsNeverAPass() async throws {
        let checked = try await check("ExitsBeforeTheChecks", timeout: Self.ampleTimeout)
        let crash = try #require(checked.crash, "expected an early end to be reported, got \(checked.report.outcome)")
        #expect(crash.signal == "ended early with exit status 0")
        #expect(checked.printed.contains("✗ no-di.1: your code ended early with exit status 0"))
        await expectStillResponsive(checked)
    }

    @Test func aFakePassingSummaryInTheOutputIsNotAPass() async throws {
        let checked = try await check("PrintsAFakePassingSummary", timeout: Self.ampleTimeout)
        #expect(checked.report.outcome == .checksFailed)
        // The real verdict comes first; the summary is only what the learner's code printed
        // (shown under the verdict, or behind 'output' when it is not among the last lines).
        #expect(checked.printed.hasPrefix("✗ no-di.1: 2 of "))
        #expect(checked.printed.contains("Your code printed"))
        #expect(checked.report.output.contains("✓ no-di.1 passed: all 4 checks hold."))
        await expectStillResponsive(checked)
    }

    // MARK: Floods

    @Test func aHundredMegabytesOfOutputFailAPassingAttemptAndAreCapped() async throws {
        let checked = try await check("HundredMegabytesOfOutput", timeout: Self.ampleTimeout)
        guard case .tooMuchOutput(let dropped) = checked.report.outcome else {
            Issue.record("a flood of output from code whose checks pass must fail by itself, not \(checked.report.outcome)")
            return
        }
        #expect(checked.report.checks.count == 5 && checked.report.checks.allSatisfy { $0.passed })
        #expect(dropped == checked.report.droppedOutputBytes && dropped > 90_000_000)
        #expect(checked.report.output.utf8.count <= CheckSettings().outputLimit)
        // About 100 MB for each check that prints (the fixture floods from share), in whole MB.
        #expect(checked.printed.hasPrefix("✗ no-di.1: the checks pass, but your code printed about 1"))
        #expect(checked.printed.contains(" MB of output, far more than a check keeps."))
        #expect(checked.printed.contains("Look for a print() inside a loop"))
        #expect(checked.printed.contains("│ share(Hello): ...") && checked.printed.contains(" … (700 more characters)"), "a shown line is cut")
        #expect(checked.printed.contains("(The output was too long: the last \(dropped) bytes were dropped.)"))
        await expectStillResponsive(checked)
    }
}
