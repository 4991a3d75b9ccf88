import DojoTestSupport
import Foundation
import Synchronization
import Testing

import Glibc

/// The watchdog that ends a hung test run (see ``TestRunWatchdog``): on a limit the test sets,
/// with a real program left going, read from the real /proc.
@Suite(.timeLimit(.minutes(10))) struct TestRunWatchdogTests {
    /// The report a watchdog gave, once it has.
    private final class Reports: Sendable {
        private let reports = Mutex<[String]>([])
        func add(_ report: String) { reports.withLock { $0.append(report) } }
        var all: [String] { reports.withLock { $0 } }

        /// The first report, waited for up to `limit`.
        func first(within limit: Duration) async throws -> String? {
            let deadline = ContinuousClock.now + limit
            while all.isEmpty, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
            return all.first
        }
    }

    @Test func pastItsLimitItReportsTheProgramsTheRunStillHasGoingAndItsThreads() async throws {
        let marker = ProcessTable.newMarker()
        let sleeper = SpawnedProcess()
        sleeper.executableURL = URL(fileURLWithPath: "/bin/sleep")
        sleeper.arguments = [marker]
        try sleeper.run()
        defer { kill(sleeper.processIdentifier, SIGKILL) }

        let reports = Reports()
        TestRunWatchdog(limit: .milliseconds(300)) { reports.add($0) }.start()
        let report = try #require(try await reports.first(within: .seconds(300)))
        #expect(report.contains("has gone on for 0.3 seconds and counts as hung"), "\(report)")
        let line = try #require(report.split(separator: "\n").first { $0.contains(marker) }, "\(report)")
        // pid, state (sleeping), whole seconds, then the command.
        #expect(line.trimmingCharacters(in: .whitespaces).hasPrefix("\(sleeper.processIdentifier) S "), "\(line)")
        #expect(line.hasSuffix("/bin/sleep \(marker) "), "\(line)")
        #expect(report.contains("× didojo-watchdog ("), "the threads are listed: \(report)")
        #expect(reports.all.count == 1)
    }

    /// The test process's own watchdog, for real: this test binary run again on this test alone,
    /// with a limit of one second, in which this test (told so by a variable) starts a program
    /// and waits for it as a hung test would. The run must end with status 70, the report
    /// naming that program, and the program killed.
    @Test func aRunPastItsLimitReportsKillsWhatItHasGoingAndExits() async throws {
        let marker = "DIDOJO_WATCHDOG_MARKER"
        if let mark = ProcessInfo.processInfo.environment[marker] {
            // The run being watched: hang on a program.
            _ = TestRunWatchdog.forThisProcess
            let sleeper = SpawnedProcess()
            sleeper.executableURL = URL(fileURLWithPath: "/bin/sleep")
            sleeper.arguments = [mark]
            try sleeper.run()
            try await onThreadOfItsOwn { sleeper.waitUntilExit() }
            Issue.record("the watchdog let this run go on past its limit")
            return
        }
        let mark = ProcessTable.newMarker()
        let run = SpawnedProcess()
        run.executableURL = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        run.arguments = ["--testing-library", "swift-testing", "--filter", "TestRunWatchdogTests/aRunPastItsLimitReportsKillsWhatItHasGoingAndExits"]
        run.environment = ProcessInfo.processInfo.environment.merging([marker: mark, "DIDOJO_TEST_RUN_LIMIT": "1"]) { $1 }
        let errors = Pipe()
        run.standardOutput = FileHandle.nullDevice
        run.standardError = errors
        try run.run()
        let said = try await onThreadOfItsOwn { String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
        run.waitUntilExit()
        #expect(run.terminationStatus == 70, "\(said.suffix(800))")
        #expect(said.contains("The test run has gone on for 1.0 seconds and counts as hung"), "\(said.suffix(800))")
        #expect(said.contains("/bin/sleep \(mark)"), "the report names the program it waits for: \(said.suffix(800))")
        #expect(try await ProcessTable.waitUntilNoneCarries(mark).isEmpty, "the program was killed")
    }

    @Test func beforeItsLimitItSaysNothing() async throws {
        let reports = Reports()
        // Far off: beside the whole suite, the test's own wait can take far longer than asked.
        TestRunWatchdog(limit: .seconds(600)) { reports.add($0) }.start()
        #expect(try await reports.first(within: .milliseconds(500)) == nil)
    }

    @Test func aRunWithNothingGoingSaysSo() {
        // A process that has started nothing: this one's descendants are whatever other tests
        // run, so ask about a new `sleep`, which has none.
        let sleeper = SpawnedProcess()
        sleeper.executableURL = URL(fileURLWithPath: "/bin/sleep")
        sleeper.arguments = ["30"]
        #expect(throws: Never.self) { try sleeper.run() }
        defer { kill(sleeper.processIdentifier, SIGKILL) }
        #expect(ProcessReport.descendants(of: sleeper.processIdentifier).isEmpty)
        let threads = ProcessReport.threads(of: sleeper.processIdentifier)
        #expect(threads.count == 1 && threads[0].hasPrefix("1 × sleep ("), "\(threads)")
    }
}
