import Foundation

import Glibc

/// What the programs a process started are doing, read from /proc: for a test run that hung
/// (see ``TestRunWatchdog``), to say which program it waits for and what that program waits in.
package enum ProcessReport {
    /// One live process.
    package struct Entry: Sendable {
        package let pid: pid_t
        /// pid, state, seconds running, kernel wait channel, command line (cut at 200 characters).
        package let line: String
    }

    /// Every live process descended from `root` (not `root` itself), parents before children.
    package static func descendants(of root: pid_t) -> [Entry] {
        let stats = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { name -> Stat? in
            pid_t(name).flatMap { Stat(path: "/proc/\($0)") }
        }
        let children = Dictionary(grouping: stats, by: \.parent)
        let rootCommand = contents(of: "/proc/\(root)/cmdline")
        var entries: [Entry] = []
        var next = children[root] ?? []
        while !next.isEmpty {
            let process = next.removeFirst()
            guard process.state != "Z" else { continue }
            let commandLine = contents(of: "/proc/\(process.pid)/cmdline")
            // A run's reaper is a fork of the process that started the run, with its command line.
            let command = commandLine == rootCommand
                ? "(a fork of \(root): a run's reaper)" : commandLine.replacingOccurrences(of: "\0", with: " ")
            let wait = contents(of: "/proc/\(process.pid)/wchan")
            entries.append(Entry(
                pid: process.pid,
                line: "\(process.pid) \(process.state) \(Int(process.secondsRunning))s \(wait.isEmpty ? "-" : wait) \(command.prefix(200))"))
            next += children[process.pid] ?? []
        }
        return entries
    }

    /// The threads of `pid`, grouped by name and what they wait in, the most numerous first:
    /// "3 × ChildProcessLauncher (S, do_poll)".
    package static func threads(of pid: pid_t) -> [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        let described = tasks.compactMap { task -> String? in
            let path = "/proc/\(pid)/task/\(task)"
            guard let stat = Stat(path: path) else { return nil }
            let name = contents(of: "\(path)/comm").trimmingCharacters(in: .whitespacesAndNewlines)
            let wait = contents(of: "\(path)/wchan")
            return "\(name) (\(stat.state), \(wait.isEmpty ? "-" : wait))"
        }
        let counted = Dictionary(described.map { ($0, 1) }, uniquingKeysWith: +)
        return counted.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.value) × \($0.key)" }
    }

    /// The fields of /proc/PID/stat this report reads.
    private struct Stat {
        let pid: pid_t
        let parent: pid_t
        let state: String
        let secondsRunning: Double

        init?(path: String) {
            let text = ProcessReport.contents(of: "\(path)/stat")
            // The name, field 2, is in parentheses and may hold spaces: read after its last ')'.
            guard let open = text.firstIndex(of: "("), let close = text.range(of: ") ", options: .backwards),
                  let pid = pid_t(text[..<open].trimmingCharacters(in: .whitespaces)) else { return nil }
            let fields = text[close.upperBound...].split(separator: " ")
            // Fields 3 (state), 4 (parent) and 22 (start time, in clock ticks since boot).
            guard fields.count > 19, let parent = pid_t(fields[1]), let started = Double(fields[19]) else { return nil }
            self.pid = pid
            self.parent = parent
            state = String(fields[0])
            let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
            let uptime = Double(ProcessReport.contents(of: "/proc/uptime").split(separator: " ").first ?? "") ?? 0
            secondsRunning = max(0, uptime - started / ticks)
        }
    }

    /// The file's text; empty when it cannot be read (the process has ended).
    private static func contents(of path: String) -> String {
        guard let data = FileManager.default.contents(atPath: path) else { return "" }
        return String(decoding: data, as: UTF8.self)
    }
}
