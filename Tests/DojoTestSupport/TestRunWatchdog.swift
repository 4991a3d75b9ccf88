import ChildProcess
import Foundation

import Glibc

/// Ends a test run that has hung, saying where: past its time limit, it reports every program
/// the run still has going (how long each has run, what it waits in, its command line) and
/// what the test process's threads wait in, then ends the run as failed.
///
/// Why: a CI run once hung after its 330th second and was stopped at 90 minutes with nothing to
/// show but output cut off mid-line (`swift test` passes the test process's output on in
/// blocks, and the last one was lost). A run that hangs should fail in minutes, and its log
/// should name the culprit.
///
/// Started by the first test that uses the test run's folder (``TestRunFolder``), which is
/// nearly every one; the limit is `DIDOJO_TEST_RUN_LIMIT` seconds, 30 minutes by default (a
/// whole run takes about 6 on two cores).
package final class TestRunWatchdog: Sendable {
    /// How long a run may take before it counts as hung.
    package let limit: Duration
    /// What happens once it has: given the report.
    private let onExpiry: @Sendable (String) -> Void

    package init(limit: Duration, onExpiry: @escaping @Sendable (String) -> Void) {
        self.limit = limit
        self.onExpiry = onExpiry
    }

    /// The run's own: reports on standard error, kills what the run left going, and exits.
    package static let forThisProcess: TestRunWatchdog = {
        let seconds = ProcessInfo.processInfo.environment["DIDOJO_TEST_RUN_LIMIT"].flatMap(Double.init) ?? 1800
        let watchdog = TestRunWatchdog(limit: .milliseconds(Int64(seconds * 1000))) { report in
            // After what the tests printed so far, not in the middle of it.
            fflush(nil)
            FileHandle.standardError.write(Data(report.utf8))
            for process in ProcessReport.descendants(of: getpid()) { kill(process.pid, SIGKILL) }
            _exit(70)
        }
        watchdog.start()
        return watchdog
    }()

    /// Starts watching, on a thread of its own, from now.
    package func start() {
        let deadline = Date().addingTimeInterval(limit / .seconds(1))
        let thread = Thread { [self] in
            ThreadName.set("didojo-watchdog")
            Thread.sleep(until: deadline)
            onExpiry(Self.report(after: limit))
        }
        thread.start()
    }

    /// What a hung run is doing: its programs, then its threads.
    package static func report(after limit: Duration) -> String {
        let me = getpid()
        var lines = [
            "",
            "✘ The test run has gone on for \(limit) and counts as hung (DIDOJO_TEST_RUN_LIMIT sets the limit in seconds).",
            "  Programs it still has going (pid, state, seconds running, what it waits in, command):",
        ]
        let processes = ProcessReport.descendants(of: me)
        lines += processes.isEmpty ? ["    none"] : processes.map { "    " + $0.line }
        lines.append("  Its threads, by name and what they wait in:")
        lines += ProcessReport.threads(of: me).map { "    " + $0 }
        return lines.joined(separator: "\n") + "\n"
    }
}
