import DojoCore
import Foundation

import Glibc

/// The lock that keeps one courier per workspace (`.didojo/class-courier.lock`): `flock`, let
/// go by the kernel when the process ends however it ends. The courier writes its process id
/// into the file, so that `class join` and `class leave` can replace it: they stop the courier
/// that holds the lock and change the membership while holding it themselves, so that no
/// courier is between reading a batch and sending it when the class changes.
package final class CourierLock {
    private var descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Takes the lock if it is free; nil when another process holds it (or the file cannot be
    /// opened). `owner`: write this process's id into the file (the courier does).
    package static func take(_ file: URL, asOwner owner: Bool = false) -> CourierLock? {
        let descriptor = open(file.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return nil
        }
        if owner {
            LockHolderNote.write("\(getpid())", to: descriptor)
        }
        return CourierLock(descriptor: descriptor)
    }

    /// Takes the lock from the courier that holds it: asks it to stop (SIGTERM: it dies between
    /// two system calls, and an event file is only deleted once the server has it, so nothing
    /// is lost), then waits for the lock, at most `timeout` on `clock`. Nil when it could not
    /// be had.
    package static func takeOver(_ file: URL, clock: any Clock<Duration>, timeout: Duration = .seconds(5)) async -> CourierLock? {
        if let lock = take(file) { return lock }
        if let pid = courier(in: file) { kill(pid, SIGTERM) }
        let waited = clock.stopwatch()
        while waited() < timeout {
            try? await clock.sleep(for: .milliseconds(20))
            if let lock = take(file) { return lock }
        }
        return nil
    }

    /// The process id in the lock file, when it is a courier's (`didojo-class-client deliver`):
    /// a stale id that the system gave to another program since is never signalled.
    static func courier(in file: URL) -> pid_t? {
        guard let text = try? String(contentsOf: file, encoding: .utf8),
              let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 0, pid != getpid(),
              let command = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))
        else { return nil }
        let words = command.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        guard words.first.map({ $0.hasSuffix("didojo-class-client") }) == true, words.contains("deliver") else { return nil }
        return pid
    }

    package func release() {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }
}
