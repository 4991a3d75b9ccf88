import CChildProcess
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Holds a child back after it has started, until the caller lets it go.
///
/// Why: starting a program that loads large libraries takes a while, and that start-up need
/// not wait for the work that precedes the run. The checker starts the program that runs the
/// checks while the learner's code is still compiling, on the other core, and lets it go when
/// the code is ready.
///
/// A child started with a gate has a pipe for standard input, which stays open while the gate
/// is shut. Opening the gate closes it: the child's read of standard input ends, which is its
/// signal to go on, and from then on standard input is empty, as for any other run. The run's
/// timeout counts from the opening, not from the start. Abandoning the gate stops the child
/// as cancelling the run does.
public final class ChildProcessGate: Sendable, Equatable {
    private enum State { case shut, open, abandoned }

    // `state` is guarded by `lock`. The pipe wakes the launcher's supervising thread, which
    // sleeps in poll(2), the moment the state changes.
    private let lock = NSLock()
    nonisolated(unsafe) private var state = State.shut
    private let wakeRead: Int32
    private let wakeWrite: Int32

    public init() {
        var fds: [Int32] = [-1, -1]
        // Close-on-exec: no child may inherit either end. Without a pipe the launcher still
        // sees the change, at its next regular look (`ChildProcessLauncher.pollInterval`).
        if cchildprocess_pipe(&fds) != 0 { fds = [-1, -1] }
        wakeRead = fds[0]
        wakeWrite = fds[1]
    }

    deinit {
        if wakeRead >= 0 { close(wakeRead) }
        if wakeWrite >= 0 { close(wakeWrite) }
    }

    /// Lets the child go on. Does nothing once the gate was opened or abandoned.
    public func open() { change(to: .open) }

    /// Stops the child without letting it go on (the run ends as cancelled).
    public func abandon() { change(to: .abandoned) }

    public var isOpen: Bool { lock.withLock { state == .open } }
    public var isAbandoned: Bool { lock.withLock { state == .abandoned } }

    /// The descriptor the launcher polls: readable once the gate has been opened or abandoned.
    var wakeDescriptor: Int32 { wakeRead }

    private func change(to new: State) {
        let changed: Bool = lock.withLock {
            guard state == .shut else { return false }
            state = new
            return true
        }
        if changed, wakeWrite >= 0 {
            var byte: UInt8 = 1
            _ = write(wakeWrite, &byte, 1)
        }
    }

    /// Two gates are the same only if they are one gate.
    public static func == (lhs: ChildProcessGate, rhs: ChildProcessGate) -> Bool { lhs === rhs }
}
