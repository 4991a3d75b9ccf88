import Foundation

import Glibc

/// The machine's process table, searched for processes a test marked, to prove that none of
/// them is left running.
///
/// A test marks what it starts with a string no other process carries (``newMarker()``, for
/// example as the duration of a `sleep`), in the command line or the environment. Whatever
/// group, session or parent those processes end up with, they are found by that mark.
package enum ProcessTable {
    /// A fresh mark that is also a valid `sleep` duration of a bit over 27 hours, such as
    /// `100000.482913337`: `sleep <marker>` runs far longer than any test and is found by it.
    package static func newMarker() -> String {
        "100000.\(UInt64.random(in: 100_000_000...999_999_999))"
    }

    /// The live processes (zombies excluded) whose command line or environment contains
    /// `marker`; this process is never among them.
    package static func processes(carrying marker: String) -> [pid_t] {
        let me = getpid()
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { pid_t($0) }.filter { pid in
            pid != me && isAlive(pid) && (contents(of: "/proc/\(pid)/cmdline").contains(marker)
                || contents(of: "/proc/\(pid)/environ").contains(marker))
        }.sorted()
    }

    /// Kills every process that carries `marker`: a test that found some left running
    /// cleans up after the protection it proved missing.
    package static func killAll(carrying marker: String) {
        for pid in processes(carrying: marker) {
            kill(pid, SIGKILL)
        }
    }

    /// Waits up to `limit` until no live process carries `marker`; returns those still there.
    package static func waitUntilNoneCarries(_ marker: String, limit: Duration = .seconds(10)) async throws -> [pid_t] {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if processes(carrying: marker).isEmpty { return [] }
            try await Task.sleep(for: .milliseconds(50))
        }
        return processes(carrying: marker)
    }

    /// A short description of each process, for a failure message: pid, parent, session, name.
    package static func describe(_ pids: [pid_t]) -> String {
        pids.map { pid in
            let stat = contents(of: "/proc/\(pid)/stat")
            let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
            let parent = fields.count > 1 ? String(fields[1]) : "?"
            let session = fields.count > 4 ? String(fields[4]) : "?"
            let command = contents(of: "/proc/\(pid)/cmdline").replacingOccurrences(of: "\0", with: " ")
            return "\(pid) (parent \(parent), session \(session)): \(command)"
        }.joined(separator: "; ")
    }

    private static func isAlive(_ pid: pid_t) -> Bool {
        let stat = contents(of: "/proc/\(pid)/stat")
        guard let afterName = stat.range(of: ") ", options: .backwards) else { return false }
        return stat[afterName.upperBound...].first != "Z"
    }

    /// The file's bytes as text (NUL separators kept); empty when it cannot be read.
    private static func contents(of path: String) -> String {
        guard let data = FileManager.default.contents(atPath: path) else { return "" }
        return String(decoding: data, as: UTF8.self)
    }
}
