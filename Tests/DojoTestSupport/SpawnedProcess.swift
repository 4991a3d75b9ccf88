import CChildProcess
import ChildProcess
import Foundation

import Glibc

/// A program a test starts and watches, with the shape of Foundation's `Process` (the same
/// property names, `run()`, `waitUntilExit()`), without its crash.
///
/// Why not Foundation's `Process`: on Linux its `run()` finds the descriptors to close in the
/// child by reading /proc/self/fd, and that reading copies 256 bytes from each directory
/// entry: with some 1,400 descriptors open (the whole suite runs in one process, its checks
/// in parallel, each with its pipes) a copy can run past the end of glibc's buffer into an
/// unmapped page, and the whole test process dies of SIGSEGV (it did, in CI: fixed upstream in
/// swift-corelibs-foundation #5472, not in this toolchain). Here the child closes everything
/// but its three streams itself, in `posix_spawn`, and nothing is read from /proc.
///
/// Like `Process`, the program gets a process group of its own, and the parent's ends of a
/// `Pipe` that the child uses are closed once it has started (so reading the other end to its
/// end returns when the program ends). Unlike it, the program starts with every signal at its
/// default and none blocked, whatever the test process ignores.
///
/// Set the properties, then call `run()` once, from one thread; the state after it may be read
/// from any thread.
package final class SpawnedProcess: @unchecked Sendable {
    package var executableURL: URL?
    package var arguments: [String] = []
    /// The program's whole environment; `nil` gives it the test process's.
    package var environment: [String: String]?
    package var currentDirectoryURL: URL?
    /// A `Pipe` (the child reads its reading end), a `FileHandle`, or `nil` for /dev/null.
    package var standardInput: Any? = FileHandle.standardInput
    /// A `Pipe` (the child writes its writing end), a `FileHandle`, or `nil` for /dev/null.
    package var standardOutput: Any? = FileHandle.standardOutput
    /// As `standardOutput`.
    package var standardError: Any? = FileHandle.standardError

    /// How the program ended, once it has.
    private enum End {
        case exited(Int32)
        case signaled(Int32)
    }

    private let state = NSCondition()
    private var pid: pid_t = 0
    private var end: End?

    package init() {}

    /// The program's process id, 0 before `run()`.
    package var processIdentifier: Int32 {
        state.lock()
        defer { state.unlock() }
        return pid
    }

    /// Whether the program has started and not yet ended.
    package var isRunning: Bool {
        state.lock()
        defer { state.unlock() }
        return pid != 0 && end == nil
    }

    /// Its exit status, or the number of the signal that killed it, as `Process` reports it.
    /// Only once it has ended (after `waitUntilExit()`).
    package var terminationStatus: Int32 {
        state.lock()
        defer { state.unlock() }
        switch end {
        case .exited(let status), .signaled(let status): return status
        case nil: preconditionFailure("terminationStatus of a program that has not ended")
        }
    }

    /// Whether it was killed by a signal rather than exiting. Only once it has ended.
    package var wasSignaled: Bool {
        state.lock()
        defer { state.unlock() }
        guard let end else { preconditionFailure("wasSignaled of a program that has not ended") }
        if case .signaled = end { return true }
        return false
    }

    /// Starts the program; a thread of its own waits for its end.
    ///
    /// - Throws: ``SpawnedProcessError`` when it cannot be started.
    package func run() throws {
        guard let executableURL else { throw SpawnedProcessError(executable: "(none)", reason: "no executableURL was set") }
        let executable = executableURL.path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }

        for (stream, slot) in [(standardInput, STDIN_FILENO), (standardOutput, STDOUT_FILENO), (standardError, STDERR_FILENO)] {
            try check(Self.addStream(stream, as: slot, to: &actions), executable, "could not set up its standard streams")
        }
        if let folder = currentDirectoryURL {
            try check(cchildprocess_spawn_add_chdir(&actions, folder.path), executable, "could not change to \(folder.path)")
        }
        try check(cchildprocess_spawn_add_close_from(&actions, 3), executable, "could not close the test's descriptors in it")

        let signalFlags = cchildprocess_spawn_reset_signals(&attributes)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, signalFlags | Int16(POSIX_SPAWN_SETPGROUP))

        let argv = CStringArray([executable] + arguments)
        let environment = CStringArray((self.environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" })
        var spawned: pid_t = 0
        let status = posix_spawn(&spawned, executable, &actions, &attributes, argv.pointers, environment.pointers)
        try check(status, executable, String(cString: strerror(status)))
        let started = spawned

        closeParentEnds()
        state.lock()
        pid = started
        state.unlock()
        Thread { [self] in
            var signaled: Int32 = 0
            var value: Int32 = 0
            // Fails only if someone else reaped our child: reported as killed.
            let reaped = cchildprocess_reap(started, &signaled, &value) == 0
            state.lock()
            end = !reaped ? .signaled(SIGKILL) : signaled != 0 ? .signaled(value) : .exited(value)
            state.broadcast()
            state.unlock()
        }.start()
    }

    /// Waits until the program has ended (returns at once if it never started).
    package func waitUntilExit() {
        state.lock()
        defer { state.unlock() }
        while pid != 0 && end == nil { state.wait() }
    }

    /// The file action that gives the child `stream` as descriptor `slot`.
    private static func addStream(_ stream: Any?, as slot: Int32, to actions: inout posix_spawn_file_actions_t) -> Int32 {
        let descriptor: Int32
        switch stream {
        case let pipe as Pipe:
            descriptor = slot == STDIN_FILENO ? pipe.fileHandleForReading.fileDescriptor : pipe.fileHandleForWriting.fileDescriptor
        case let handle as FileHandle where handle === FileHandle.nullDevice:
            return posix_spawn_file_actions_addopen(&actions, slot, "/dev/null", O_RDWR, 0)
        case let handle as FileHandle:
            descriptor = handle.fileDescriptor
        case nil:
            return posix_spawn_file_actions_addopen(&actions, slot, "/dev/null", O_RDWR, 0)
        default:
            return EINVAL
        }
        // A stream already at its number (the test's own standard streams) is simply inherited.
        return descriptor == slot ? 0 : posix_spawn_file_actions_adddup2(&actions, descriptor, slot)
    }

    /// Closes the test's copies of the pipe ends the child now holds, so that the test reads
    /// end of file once the child (and whatever it started) has closed them.
    private func closeParentEnds() {
        if let pipe = standardInput as? Pipe { try? pipe.fileHandleForReading.close() }
        if let pipe = standardOutput as? Pipe { try? pipe.fileHandleForWriting.close() }
        if let pipe = standardError as? Pipe { try? pipe.fileHandleForWriting.close() }
    }

    private func check(_ status: Int32, _ executable: String, _ reason: @autoclosure () -> String) throws {
        guard status == 0 else { throw SpawnedProcessError(executable: executable, reason: reason(), code: status) }
    }
}
