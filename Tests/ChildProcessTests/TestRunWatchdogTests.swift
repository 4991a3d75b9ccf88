import DojoTestSupport
import Foundation
import Synchronization
import Testing

import Glibc

/// The watchdog that ends a hung test run (see ``TestRunWatchdog``): on a limit the test sets,
/// with a real program left going, read from the real /proc.
@Suite(.timeLimit(.minutes(1))) struct TestRunWatchdogTests {
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
        let report = try #require(try await reports.first(within: .seconds(20)))
        #expect(report.contains("has gone on for 0.3 seconds and counts as hung"), "\(report)")
        let line = try #require(report.split(separator: "\n").first { $0.contains(marker) }, "\(report)")
        // pid, state (sleeping), whole seconds, then the command.
        #expect(line.trimmingCharacters(in: .whitespaces).hasPrefix("\(sleeper.processIdentifier) S "), "\(line)")
        #expect(line.hasSuffix("/bin/sleep \(marker) "), "\(line)")
        #expect(report.contains("× didojo-watchdog ("), "the threads are listed: \(report)")
        #expect(reports.all.count == 1)
    }

    @Test func beforeItsLimitItSaysNothing() async throws {
        let reports = Reports()
        TestRunWatchdog(limit: .seconds(60)) { reports.add($0) }.start()
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
