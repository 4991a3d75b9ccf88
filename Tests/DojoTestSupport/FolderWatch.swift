import Foundation
import Glibc

/// Acts the moment something appears in a folder, watching on a thread of its own.
///
/// Why a thread: beside the whole suite, a test's task can wait seconds for one of the few
/// threads that run tasks, and what it waits for (a check's folder, there for a second or
/// two) can have come and gone by then. A thread of its own looks every 5 ms.
package enum FolderWatch {
    /// Sends `signal` to `pid` once `folder` holds an entry whose name starts with `prefix`;
    /// returns whether it did, within `limit` and while `pid` runs.
    package static func signal(
        _ signal: Int32, to pid: pid_t, once folder: URL, holds prefix: String, within limit: Duration = .seconds(120)
    ) async -> Bool {
        await act(once: folder, holds: prefix, while: pid, within: limit) { kill(pid, signal) == 0 }
    }

    /// Runs `action` once `folder` holds an entry whose name starts with `prefix`; returns what
    /// it returned, or false when that did not happen within `limit` and while `pid` ran.
    package static func act(
        once folder: URL, holds prefix: String, while pid: pid_t, within limit: Duration = .seconds(120),
        _ action: @escaping @Sendable () -> Bool
    ) async -> Bool {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                let deadline = ContinuousClock.now + limit
                while ContinuousClock.now < deadline, ProcessWatch.isRunning(pid) {
                    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
                    if names.contains(where: { $0.hasPrefix(prefix) }) {
                        continuation.resume(returning: action())
                        return
                    }
                    usleep(5_000)
                }
                continuation.resume(returning: false)
            }
            thread.name = "FolderWatch"
            thread.start()
        }
    }
}
