import CChildProcess
import Foundation

import Glibc

/// Runs a trusted program in the foreground, as a shell runs a command: on the caller's own
/// standard input, output and error, in the caller's process group, with the caller's
/// environment, and waits until it has ended.
///
/// So what it prints appears on the learner's terminal as it is printed, and Ctrl-C on that
/// terminal reaches it. Ctrl-C reaches the caller too (same process group): a caller that must
/// survive it handles SIGINT itself, as the shell does. This is the opposite of
/// ``ChildProcessLauncher``, which fences in the learner's untrusted code (a session of its
/// own, captured output, limits).
public enum ForegroundProcess {
    /// Starts `executable` with `arguments` and waits for it.
    ///
    /// - Throws: ``ChildProcessError/couldNotStart(executable:reason:)`` when it cannot be
    ///   started (missing, not executable…).
    public static func run(executable: String, arguments: [String]) throws -> Termination {
        // Output the caller buffered would otherwise come out after the program's own.
        fflush(nil)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Handlers are reset by exec anyway, but an ignored signal stays ignored: the caller
        // ignores SIGXFSZ (and Swift programs often SIGPIPE), which the program must not inherit.
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        var noSignal = sigset_t()
        sigemptyset(&noSignal)
        posix_spawnattr_setsigmask(&attributes, &noSignal)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = CStringArray([executable] + arguments)
        var pid: pid_t = 0
        // `environ`, not a copy taken at start-up: the caller may have set variables since
        // (the shell points DIDOJO_TIMELINE at the learner's workspace).
        let status = argv.pointers.withUnsafeBufferPointer { argvPointers in
            posix_spawn(&pid, executable, nil, &attributes, argvPointers.baseAddress!, environ)
        }
        guard status == 0 else {
            throw ChildProcessError.couldNotStart(executable: executable, reason: String(cString: strerror(status)))
        }
        return wait(for: pid)
    }

    /// Waits for `pid`; the C helper goes on waiting when a signal (a Ctrl-C the caller
    /// handles) interrupts the wait.
    private static func wait(for pid: pid_t) -> Termination {
        var signaled: Int32 = 0
        var value: Int32 = 0
        guard cchildprocess_reap(pid, &signaled, &value) == 0 else {
            // Only possible if someone else reaped our child; report it as killed.
            return .signaled(SIGKILL)
        }
        return signaled != 0 ? .signaled(value) : .exited(value)
    }
}
