import DojoCore
import Foundation

import Glibc

/// Keeps a second interactive shell off a workspace that one is already open on: two shells
/// would keep moving each other's place in the lessons (the open lesson and page live in the
/// progress). Whoever comes second is told who holds it and what to do.
///
/// The progress is safe without it (every change is saved under the progress lock, see
/// `ProgressStore`), so `didojo check`, `verify`, `progress import` and `reset --all` do not
/// take this lock and work beside an open shell.
///
/// The lock is `flock` on `<workspace>/.didojo/lock`. The kernel lets go of it when the
/// process ends, however it ends (even SIGKILL or a power cut), so a stale lock cannot stop the
/// learner. The file also holds who took it, for the message the second process shows.
package final class WorkspaceLock: Sendable {
    /// How taking the lock went.
    package enum Attempt: Sendable {
        case acquired(WorkspaceLock)
        /// Another process holds it; `holder` says who, e.g. "didojo shell, process 1234, started …".
        case heldBy(holder: String)
        /// The lock file cannot be opened (a read-only workspace, `.didojo` that is a file…).
        case unavailable(reason: String)
    }

    package let file: URL
    private let descriptor: Int32

    private init(file: URL, descriptor: Int32) {
        self.file = file
        self.descriptor = descriptor
    }

    deinit {
        // Closing the descriptor releases the lock.
        close(descriptor)
    }

    /// The lock file of a workspace.
    package static func file(in workspace: Workspace) -> URL {
        workspace.stateFolder.appendingPathComponent("lock")
    }

    /// Tries once, without waiting. `purpose` names the taker for a later "held by" message,
    /// e.g. "didojo shell" or "didojo check no-di.1".
    package static func acquire(for workspace: Workspace, purpose: String, now: Date = Date()) -> Attempt {
        let file = file(in: workspace)
        do {
            try FileManager.default.createDirectory(at: workspace.stateFolder, withIntermediateDirectories: true)
        } catch {
            return .unavailable(reason: error.localizedDescription)
        }
        let descriptor = open(file.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            return .unavailable(reason: "\(file.path): \(String(cString: strerror(errno)))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let reason = errno
            let holder = LockHolderNote.read(from: descriptor)
            close(descriptor)
            if reason == EWOULDBLOCK {
                return .heldBy(holder: holder ?? "another didojo process")
            }
            return .unavailable(reason: "\(file.path): \(String(cString: strerror(reason)))")
        }
        // Who holds it, for the next one's message. A failure to write this (a full disk) does
        // not matter: the lock itself is the kernel's, not the file's contents.
        LockHolderNote.write("\(purpose), process \(getpid()), started \(Self.readableTime(now))", to: descriptor)
        return .acquired(WorkspaceLock(file: file, descriptor: descriptor))
    }

    /// `2026-11-22 09:30 UTC`.
    ///
    /// From the C library's broken-down UTC time rather than a `DateFormatter` or a `Calendar`:
    /// the shell takes the lock before its first prompt, and a formatter loads ICU's locale
    /// data, a calendar the system's time zone (a few ms either way).
    static func readableTime(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard gmtime_r(&seconds, &parts) != nil else { return "at an unknown time" }
        func twoDigits(_ value: Int32) -> String {
            value < 10 ? "0\(value)" : "\(value)"
        }
        return "\(parts.tm_year + 1900)-\(twoDigits(parts.tm_mon + 1))-\(twoDigits(parts.tm_mday)) \(twoDigits(parts.tm_hour)):\(twoDigits(parts.tm_min)) UTC"
    }
}
