import Foundation

import Glibc

/// Whether a process a test started (or had started) is still running.
package enum ProcessWatch {
    /// Whether `pid` is a live process. A zombie counts as gone: it has stopped running, and in
    /// a container whose init does not reap orphans it may stay a zombie for a long time.
    package static func isRunning(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let afterName = stat.range(of: ") ")
        else { return true }
        return stat[afterName.upperBound] != "Z"
    }

    /// Waits up to `limit` for `pid` to stop running; returns whether it did.
    package static func waitUntilGone(_ pid: pid_t, limit: Duration = .seconds(5)) async throws -> Bool {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if !isRunning(pid) { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return !isRunning(pid)
    }
}
