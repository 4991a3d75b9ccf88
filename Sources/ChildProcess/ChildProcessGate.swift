import Synchronization

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
/// as cancelling the run does, and its input is held until it has stopped.
package final class ChildProcessGate: Sendable, Equatable {
    private enum State { case shut, open, abandoned }

    private let state = Mutex(State.shut)
    /// Wakes the launcher's supervising thread the moment the state changes.
    private let wake = WakePipe()

    package init() {}

    /// Lets the child go on. Does nothing once the gate was opened or abandoned.
    package func open() { change(to: .open) }

    /// Stops the child without letting it go on (the run ends as cancelled).
    package func abandon() { change(to: .abandoned) }

    package var isOpen: Bool { state.withLock { $0 == .open } }
    package var isAbandoned: Bool { state.withLock { $0 == .abandoned } }

    /// The descriptor the launcher polls: readable once the gate has been opened or abandoned.
    var wakeDescriptor: Int32 { wake.readDescriptor }

    private func change(to new: State) {
        let changed = state.withLock { state in
            guard state == .shut else { return false }
            state = new
            return true
        }
        if changed { wake.signal() }
    }

    /// Two gates are the same only if they are one gate.
    package static func == (lhs: ChildProcessGate, rhs: ChildProcessGate) -> Bool { lhs === rhs }
}
