import ChildProcess
import DojoTestSupport
import Foundation
import Testing

import Glibc

/// Margins are deliberately generous: each test only needs to tell "stopped" from "ran its
/// full 1000 s". A loaded 2-core machine has taken 18 s for a sub-second stop, and CI once
/// took 90.5 s: its first minute and a half held both threads of the cooperative pool with
/// other suites' blocking work, so the awaiting test could not even resume to read the clock.
private let generousMargin: Duration = .seconds(600)

/// The launcher's protections one by one, on shell scripts. What they mean for a learner's
/// code, checked end to end, is in FaultInjectionTests.
@Suite("Child process launcher")
struct ChildProcessLauncherTests {
    let launcher = ChildProcessLauncher(clock: ContinuousClock())

    // MARK: Exit status and output

    @Test func aSuccessfulScriptExitsWithStatusZeroAndItsOutput() async throws {
        let result = try await launcher.run(shell("echo hello"))
        #expect(result.termination == .exited(0))
        #expect(result.termination.isSuccess)
        #expect(result.standardOutput == "hello\n")
        #expect(result.standardError == "")
        #expect(result.droppedOutputBytes == 0)
        #expect(!result.timedOut)
        #expect(!result.cancelled)
    }

    @Test func aFailingScriptReportsItsExitStatus() async throws {
        let result = try await launcher.run(shell("exit 3"))
        #expect(result.termination == .exited(3))
        #expect(!result.termination.isSuccess)
        #expect(result.termination.description == "exited with status 3")
    }

    @Test func standardOutputAndStandardErrorAreCapturedSeparately() async throws {
        let result = try await launcher.run(shell("echo to-out; echo to-err >&2; echo more-out"))
        #expect(result.standardOutput == "to-out\nmore-out\n")
        #expect(result.standardError == "to-err\n")
    }

    @Test func standardInputIsEmptySoReadingItDoesNotBlock() async throws {
        let result = try await launcher.run(shell("cat; echo done", timeout: .seconds(20)))
        #expect(!result.timedOut)
        #expect(result.standardOutput == "done\n")
    }

    @Test func invalidUTF8OutputIsDecodedWithReplacementCharacters() async throws {
        let result = try await launcher.run(shell(#"printf 'ok\377\376\n'; printf '\300' >&2"#))
        #expect(result.termination == .exited(0))
        #expect(result.standardOutput.hasPrefix("ok"))
        #expect(result.standardOutput.contains("\u{FFFD}"))
        #expect(result.standardError == "\u{FFFD}")
    }

    // MARK: Environment and working directory

    @Test func theEnvironmentIsPassedAndNothingElseIsInherited() async throws {
        let result = try await launcher.run(
            shell(#"echo "$GREETING"; echo "home=${HOME-unset}""#, environment: ["GREETING": "hello there"]))
        #expect(result.standardOutput == "hello there\nhome=unset\n")
    }

    @Test func theWorkingDirectoryIsPassed() async throws {
        let directory = TestRunFolder.url
            .appendingPathComponent(TestRunFolder.uniqueName("child-process"))
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.resolvingSymlinksInPath().path

        let result = try await launcher.run(shell("pwd", workingDirectory: path))
        #expect(result.standardOutput == path + "\n")
    }

    // MARK: Process group, descriptors, limits

    @Test func theChildLeadsItsOwnSessionAndProcessGroup() async throws {
        // Fields 5 and 6 of /proc/PID/stat are the process group and session ids.
        let result = try await launcher.run(shell(#"echo $$; cut -d' ' -f5,6 /proc/$$/stat"#))
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        try #require(lines.count == 2)
        #expect(lines[1] == "\(lines[0]) \(lines[0])")
        #expect(lines[0] != "\(getpid())")
    }

    @Test func theChildInheritsNoDescriptorsBeyondTheStandardThree() async throws {
        let result = try await launcher.run(shell("ls /proc/$$/fd"))
        let descriptors = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(descriptors.sorted() == ["0", "1", "2"])
    }

    @Test func crashesCannotLeaveCoreFiles() async throws {
        let result = try await launcher.run(shell("ulimit -c"))
        #expect(result.standardOutput == "0\n")
    }

    // MARK: Timeout, grandchildren, cancellation

    @Test func anEndlessLoopIsKilledWhenTheTimeoutRunsOut() async throws {
        let timeout: Duration = .milliseconds(500)
        let started = ContinuousClock.now
        let result = try await launcher.run(shell("while :; do :; done", timeout: timeout))
        let elapsed = ContinuousClock.now - started

        #expect(result.timedOut)
        #expect(!result.cancelled)
        #expect(result.termination == .signaled(SIGKILL))
        #expect(result.duration >= timeout)
        #expect(elapsed < timeout + generousMargin)
    }

    @Test func aBackgroundGrandchildNeitherHangsTheRunNorOutlivesIt() async throws {
        // The grandchild inherits stdout and stderr, so without the group kill
        // the pipes would stay open for 1000 seconds.
        let started = ContinuousClock.now
        let result = try await launcher.run(shell("sleep 1000 & echo $!; exit 0", timeout: nil))
        let elapsed = ContinuousClock.now - started

        #expect(result.termination == .exited(0))
        #expect(!result.timedOut)
        #expect(elapsed < generousMargin)
        let grandchild = try #require(pid_t(result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(try await ProcessWatch.waitUntilGone(grandchild))
    }

    @Test(.timeLimit(.minutes(2)))
    func aTimeoutAlsoKillsGrandchildren() async throws {
        // Held behind a gate until the grandchild exists: a gated run's timeout counts from the
        // opening, so a loaded machine slow to start the grandchild cannot time out first.
        let pidFile = TestRunFolder.url.appendingPathComponent(TestRunFolder.uniqueName("didojo-timeout") + ".pid")
        defer { try? FileManager.default.removeItem(at: pidFile) }
        let gate = ChildProcessGate()
        var request = shell(
            "sleep 1000 & echo $! > \(pidFile.path).tmp && mv \(pidFile.path).tmp \(pidFile.path); cat; while :; do :; done",
            timeout: .milliseconds(300))
        request.gate = gate
        let launcher = self.launcher
        let run = Task { try await launcher.run(request) }
        while !FileManager.default.fileExists(atPath: pidFile.path) {
            try await Task.sleep(for: .milliseconds(10))
        }
        gate.open()
        let result = try await run.value
        #expect(result.timedOut)
        let grandchild = try #require(pid_t(try String(contentsOf: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(try await ProcessWatch.waitUntilGone(grandchild))
    }

    @Test func cancellingTheCallingTaskEndsTheRun() async throws {
        let launcher = self.launcher
        let started = ContinuousClock.now
        let task = Task { try await launcher.run(shell("sleep 1000")) }
        try await Task.sleep(for: .milliseconds(300))
        task.cancel()
        let result = try await task.value

        #expect(result.cancelled)
        #expect(ContinuousClock.now - started < generousMargin)
    }

    // MARK: A reported end

    /// A report of the form `END <status>` at the end of standard error.
    static let endLine = ReportedEnd(name: "END line") { standardError in
        let text = String(decoding: standardError, as: UTF8.self)
        guard text.hasSuffix("\n"), let line = text.split(separator: "\n").last, line.hasPrefix("END ") else { return nil }
        return Int32(line.dropFirst(4))
    }

    @Test func aProgramThatReportsItsEndGivesItsResultThenAndDoesNotOutliveTheRun() async throws {
        // It says it is done, then would go on for 1000 s (as the compiler takes its exit).
        // Before, more output than one read takes, in a pipe it made larger (F_SETPIPE_SZ, 1031):
        // all of it is in the result.
        let writes = "fcntl(STDOUT, 1031, 1048576) or die; $| = 1; print \"x\" x 200000; print STDERR \"partial\\nEND 3\\n\""
        var request = shell("echo $$; perl -e '\(writes)'; sleep 1000", timeout: nil)
        request.reportedEnd = Self.endLine
        let started = ContinuousClock.now
        let result = try await launcher.run(request)

        #expect(ContinuousClock.now - started < generousMargin)
        #expect(result.termination == .exited(3))
        #expect(result.standardError == "partial\nEND 3\n")
        #expect(!result.timedOut)
        #expect(!result.cancelled)
        #expect(result.standardOutput.filter { $0 == "x" }.count == 200_000)
        // The rest of the run is ended without the caller.
        let program = try #require(pid_t(result.standardOutput.split(separator: "\n").first.map(String.init) ?? ""))
        #expect(try await ProcessWatch.waitUntilGone(program))
    }

    @Test func aProgramThatReportsNoEndRunsToItsOwnEnd() async throws {
        var request = shell("echo 'not the END' >&2; sleep 0.2; exit 4")
        request.reportedEnd = Self.endLine
        let result = try await launcher.run(request)
        #expect(result.termination == .exited(4))
        #expect(result.duration >= .milliseconds(200))
    }

    // MARK: Output limits

    @Test func hugeOutputIsCappedAtTheLimitAndTheRestIsCountedAsDropped() async throws {
        let total = 50_000_000
        let limit = 1000
        let started = ContinuousClock.now
        let result = try await launcher.run(shell("yes | head -c \(total)", outputLimit: limit))
        let elapsed = ContinuousClock.now - started

        #expect(result.termination == .exited(0))
        #expect(result.standardOutput.utf8.count == limit)
        #expect(result.standardOutput.hasPrefix("y\ny\n"))
        #expect(result.droppedOutputBytes == total - limit)
        #expect(elapsed < generousMargin)
    }

    @Test func eachStreamHasItsOwnLimit() async throws {
        let result = try await launcher.run(
            shell("printf 0123456789; printf abcdefghij >&2", outputLimit: 4))
        #expect(result.standardOutput == "0123")
        #expect(result.standardError == "abcd")
        #expect(result.droppedOutputBytes == 12)
    }

    // MARK: Crashes

    @Test(arguments: [
        (SIGSEGV, "segmentation fault"),
        (SIGILL, "crashed (illegal instruction / trap)"),
        (SIGTRAP, "crashed (illegal instruction / trap)"),
        (SIGABRT, "aborted"),
        (SIGBUS, "bus error"),
    ])
    func aChildKilledBySignalIsReportedWithAReadableDescription(signal: Int32, words: String) async throws {
        let result = try await launcher.run(shell("kill -\(signal) $$"))
        #expect(result.termination == .signaled(signal))
        #expect(result.termination.description.hasPrefix(words))
        #expect(result.termination.description.contains(Termination.signalName(signal)))
    }

    @Test func signalDescriptionsNameTheSignal() {
        #expect(Termination.signaled(SIGSEGV).description == "segmentation fault (SIGSEGV)")
        #expect(Termination.signaled(SIGILL).description == "crashed (illegal instruction / trap) (SIGILL)")
        #expect(Termination.signaled(SIGKILL).description == "killed (SIGKILL)")
        #expect(Termination.signaled(77).description == "killed by signal 77 (signal 77)")
    }

    // MARK: Memory limit

    @Test func aMemoryLimitMakesABigAllocationFail() async throws {
        // dd allocates its whole block at once: 300 MiB, filled in a fifth of a second. (A shell
        // building a 400 MB string took over a minute on a busy CI machine and was timed out.)
        let allocate = "dd if=/dev/zero of=/dev/null bs=300M count=1 2>/dev/null && echo allocated 300M"
        var request = ChildProcessRequest(
            executable: "/bin/sh", arguments: ["-c", allocate], timeout: .seconds(60))

        request.memoryLimit = 200 * 1024 * 1024
        let limited = try await launcher.run(request)
        #expect(limited.termination != .exited(0))
        #expect(!limited.standardOutput.contains("allocated"))

        request.memoryLimit = nil
        let unlimited = try await launcher.run(request)
        #expect(unlimited.termination == .exited(0))
        #expect(unlimited.standardOutput == "allocated 300M\n")
    }

    // MARK: Start failures

    @Test func aMissingExecutableThrowsAnErrorThatNamesItAndSaysWhy() async throws {
        let error = await #expect(throws: ChildProcessError.self) {
            try await launcher.run(ChildProcessRequest(executable: "/nonexistent/didojo-program"))
        }
        #expect(error?.localizedDescription == "could not start /nonexistent/didojo-program: No such file or directory")
    }

    @Test func aFileThatIsNotExecutableThrowsPermissionDenied() async throws {
        let error = await #expect(throws: ChildProcessError.self) {
            try await launcher.run(ChildProcessRequest(executable: "/etc/passwd"))
        }
        #expect(error == .couldNotStart(executable: "/etc/passwd", reason: "Permission denied"))
    }

    @Test func aRelativeExecutablePathIsRejected() async throws {
        let error = await #expect(throws: ChildProcessError.self) {
            try await launcher.run(ChildProcessRequest(executable: "sh"))
        }
        #expect(error == .couldNotStart(executable: "sh", reason: "the path is not absolute"))
    }

    @Test func aMissingWorkingDirectoryThrowsAClearError() async throws {
        let error = await #expect(throws: ChildProcessError.self) {
            try await launcher.run(shell("true", workingDirectory: "/nonexistent/folder"))
        }
        #expect(error?.localizedDescription
            == "could not use /nonexistent/folder as the working directory: No such file or directory")
    }

    // MARK: Gate

    // A guard against a hang, not a timing check: far beyond what a loaded machine needs.
    @Test(.timeLimit(.minutes(10)))
    func aGatedChildWaitsUntilTheGateOpensAndThenReadsAnEmptyInput() async throws {
        let started = TestRunFolder.url.appendingPathComponent(TestRunFolder.uniqueName("didojo-gate"))
        let wentOn = started.appendingPathExtension("went-on")
        defer {
            try? FileManager.default.removeItem(at: started)
            try? FileManager.default.removeItem(at: wentOn)
        }
        let gate = ChildProcessGate()
        var request = shell("touch \(started.path); cat; touch \(wentOn.path); echo went on; cat; echo read nothing more")
        request.gate = gate
        let launcher = self.launcher
        let run = Task { try await launcher.run(request) }
        while !FileManager.default.fileExists(atPath: started.path) {
            try await Task.sleep(for: .milliseconds(10))
        }
        // Started, and held: given time to go on, it does not.
        try await Task.sleep(for: .milliseconds(300))
        #expect(!FileManager.default.fileExists(atPath: wentOn.path))
        gate.open()
        let result = try await run.value
        #expect(result.termination == .exited(0))
        #expect(result.standardOutput == "went on\nread nothing more\n")
    }

    @Test(.timeLimit(.minutes(10)))  // a guard against a hang, far beyond what a loaded machine needs
    func aGatedChildsTimeoutCountsFromTheOpeningOfTheGate() async throws {
        let gate = ChildProcessGate()
        var request = shell("cat; echo went on; while :; do :; done", timeout: .seconds(2))
        request.gate = gate
        let launcher = self.launcher
        let run = Task { try await launcher.run(request) }
        // Longer than the timeout, before the gate opens: a clock that ran from the start would
        // stop the child before it could go on.
        try await Task.sleep(for: .milliseconds(2500))
        gate.open()
        let result = try await run.value
        #expect(result.standardOutput == "went on\n")
        #expect(result.timedOut)
    }

    @Test(.timeLimit(.minutes(10)))  // a guard against a hang, far beyond what a loaded machine needs
    func aGatedChildStillTimesOutOnceTheGateIsOpen() async throws {
        let gate = ChildProcessGate()
        gate.open()
        var request = shell("cat; while :; do :; done", timeout: .milliseconds(500))
        request.gate = gate
        let result = try await launcher.run(request)
        #expect(result.timedOut)
        #expect(result.termination == .signaled(SIGKILL))
    }

    @Test(.timeLimit(.minutes(10)))  // a guard against a hang, far beyond what a loaded machine needs
    func abandoningTheGateStopsTheChildWithoutLettingItGoOn() async throws {
        let gate = ChildProcessGate()
        var request = shell("cat; echo went on")
        request.gate = gate
        let launcher = self.launcher
        let started = ContinuousClock.now
        let run = Task { try await launcher.run(request) }
        try await Task.sleep(for: .milliseconds(200))
        gate.abandon()
        let result = try await run.value
        #expect(result.cancelled)
        #expect(result.termination == .signaled(SIGKILL))
        #expect(result.standardOutput == "")
        #expect(ContinuousClock.now - started < generousMargin)
    }

    // MARK: Concurrency

    @Test func severalRunsAtOnceEachGetTheirOwnResult() async throws {
        let launcher = self.launcher
        let outputs = try await withThrowingTaskGroup(of: (Int, ChildProcessResult).self) { group in
            for index in 0..<8 {
                group.addTask {
                    // Half of them leave a grandchild behind, to check that
                    // one run's cleanup never blocks or disturbs another.
                    let script = index.isMultiple(of: 2)
                        ? "echo run-\(index); sleep 0.2; exit \(index)"
                        : "sleep 1000 & echo run-\(index); exit \(index)"
                    return (index, try await launcher.run(shell(script)))
                }
            }
            var outputs: [Int: ChildProcessResult] = [:]
            for try await (index, result) in group {
                outputs[index] = result
            }
            return outputs
        }

        #expect(outputs.count == 8)
        for (index, result) in outputs {
            #expect(result.standardOutput == "run-\(index)\n")
            #expect(result.termination == .exited(Int32(index)))
        }
    }
}
