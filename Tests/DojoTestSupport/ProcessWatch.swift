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

    /// Waits up to `limit` until no live process works in a folder under `path` (its
    /// /proc/PID/cwd); returns those still there, as "PID command".
    package static func waitUntilNoneWorks(under path: String, limit: Duration = .seconds(5)) async throws -> [String] {
        let deadline = ContinuousClock.now + limit
        while true {
            let working = working(under: path)
            if working.isEmpty || ContinuousClock.now >= deadline { return working }
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    /// The live processes whose working folder is under `path`, as "PID command".
    package static func working(under path: String) -> [String] {
        let pids = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).filter { $0.allSatisfy(\.isNumber) }
        return pids.compactMap { pid in
            guard let folder = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/cwd"),
                  folder.hasPrefix(path), let number = pid_t(pid), isRunning(number) else { return nil }
            let command = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? "?"
            return "\(pid) \(command.trimmingCharacters(in: .whitespacesAndNewlines))"
        }
    }
}
