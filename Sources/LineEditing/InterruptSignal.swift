import CLibEditShim

/// Ctrl-C as the process receives it: a SIGINT handler (in the C shim, beside libedit's own
/// signal handling, installed without SA_RESTART so that a blocked read fails with EINTR) that
/// only sets a flag and writes a byte to a wake pipe. The shell's `LiveInterruptSource` is
/// built on this, so that no module above LineEditing needs the shim.
package enum InterruptSignal {
    /// Installs the handler and its wake pipe (once; installing again is harmless).
    package static func install() {
        didojo_interrupt_install()
    }

    /// Whether SIGINT arrived since the last call; clears the flag.
    package static func take() -> Bool {
        didojo_interrupt_take() != 0
    }

    /// The read end of the wake pipe, for poll(2); -1 before `install`, or when the system
    /// refused a pipe.
    package static var wakeDescriptor: Int32 {
        didojo_interrupt_descriptor()
    }

    /// Reads every byte waiting in the wake pipe, without blocking.
    package static func drainWakePipe() {
        didojo_interrupt_drain()
    }

    /// Installs the handler for SIGTERM and SIGHUP too: each then interrupts as Ctrl-C does,
    /// and is noted (see `stopSignal`). For a command run by a script, whose `timeout` or closed
    /// terminal would otherwise end it at once, before it can stop what it started and remove
    /// what it wrote.
    package static func installStopSignals() {
        didojo_interrupt_install_stop_signals()
    }

    /// The stop signal (SIGTERM or SIGHUP) that arrived, or nil.
    package static var stopSignal: Int32? {
        let number = didojo_stop_signal()
        return number == 0 ? nil : number
    }

    /// Ends the process by the stop signal that arrived (its default action, unblocked in the
    /// calling thread first), so the script that sent it sees the program ended by it; does
    /// nothing when none arrived.
    package static func endByStopSignal() {
        didojo_end_by_stop_signal()
    }
}
