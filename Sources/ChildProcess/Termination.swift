import Glibc

/// How a child process ended: by exiting with a status, or by being killed by a signal.
package enum Termination: Sendable, Equatable, CustomStringConvertible {
    /// The process called `exit` (or returned from `main`) with this status.
    case exited(Int32)
    /// The process was killed by this signal number (a crash, a timeout kill, ...).
    case signaled(Int32)

    /// Whether the process exited with status 0.
    package var isSuccess: Bool {
        self == .exited(0)
    }

    /// A short sentence for a learner, such as "exited with status 1" or
    /// "crashed (illegal instruction / trap, SIGILL)".
    package var description: String {
        switch self {
        case .exited(let status):
            return "exited with status \(status)"
        case .signaled(let signal):
            return "\(Termination.signalDescription(signal)) (\(Termination.signalName(signal)))"
        }
    }

    /// The conventional name of a signal, such as "SIGSEGV", or "signal 42" when unknown.
    package static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGHUP: return "SIGHUP"
        case SIGINT: return "SIGINT"
        case SIGQUIT: return "SIGQUIT"
        case SIGILL: return "SIGILL"
        case SIGTRAP: return "SIGTRAP"
        case SIGABRT: return "SIGABRT"
        case SIGBUS: return "SIGBUS"
        case SIGFPE: return "SIGFPE"
        case SIGKILL: return "SIGKILL"
        case SIGSEGV: return "SIGSEGV"
        case SIGPIPE: return "SIGPIPE"
        case SIGALRM: return "SIGALRM"
        case SIGTERM: return "SIGTERM"
        case SIGXCPU: return "SIGXCPU"
        case SIGXFSZ: return "SIGXFSZ"
        case SIGSYS: return "SIGSYS"
        default: return "signal \(signal)"
        }
    }

    /// What a signal means for the learner's program, in plain words.
    ///
    /// SIGILL and SIGTRAP get the same wording because on Linux that is how
    /// Swift's `fatalError`, failed `precondition`s, array index out of range
    /// and force-unwrapping `nil` end (the runtime executes a trap instruction).
    package static func signalDescription(_ signal: Int32) -> String {
        switch signal {
        case SIGILL, SIGTRAP: return "crashed (illegal instruction / trap)"
        case SIGSEGV: return "segmentation fault"
        case SIGBUS: return "bus error"
        case SIGABRT: return "aborted"
        case SIGFPE: return "arithmetic error"
        case SIGKILL: return "killed"
        case SIGTERM: return "terminated"
        case SIGINT: return "interrupted"
        case SIGQUIT: return "quit"
        case SIGHUP: return "hung up"
        case SIGPIPE: return "broken pipe"
        case SIGALRM: return "alarm clock"
        case SIGXCPU: return "CPU time limit exceeded"
        case SIGXFSZ: return "file size limit exceeded"
        case SIGSYS: return "bad system call"
        default: return "killed by signal \(signal)"
        }
    }
}
