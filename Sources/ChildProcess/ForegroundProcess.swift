import CChildProcess
import Foundation

import Glibc

/// Runs a trusted program in the foreground, as a shell runs a command: on the caller's own
/// standard input, output and error, with the caller's environment, and waits until it has
/// ended.
///
/// `run` keeps the program in the caller's process group: what it prints appears on the
/// learner's terminal as it is printed, and Ctrl-C on that terminal reaches it and the caller
/// (a caller that must survive it handles SIGINT itself, as the shell does).
/// `runOwningTerminal` gives a full-screen program (an editor) a process group of its own and
/// the terminal with it, as a job-control shell does. Both are the opposite of
/// ``ChildProcessLauncher``, which fences in the learner's untrusted code (a session of its
/// own, captured output, limits).
package enum ForegroundProcess {
    /// Starts `executable` with `arguments` in the caller's process group and waits for it.
    ///
    /// - Throws: ``ChildProcessError/couldNotStart(executable:reason:)`` when it cannot be
    ///   started (missing, not executable…).
    package static func run(executable: String, arguments: [String]) throws -> Termination {
        wait(for: try start(executable: executable, arguments: arguments))
    }

    /// Starts `executable` with `arguments` in the caller's process group, as `run` does, and
    /// returns its process ID, which the caller must `wait(for:)`: for a caller that passes a
    /// stop sent to it alone (a script's `timeout`) on to the program meanwhile.
    package static func start(executable: String, arguments: [String]) throws -> pid_t {
        try spawn(executable: executable, arguments: arguments, terminal: nil)
    }

    /// Starts `executable` with `arguments` in a process group of its own, makes that group
    /// the foreground group of `terminal` for as long as the program runs, and waits for it.
    ///
    /// Why a group of its own (as bash runs a command) rather than the caller's (as git runs
    /// an editor): keys meant for the program stay the program's. Ctrl-C and Ctrl-\ go to
    /// the foreground group only, so the caller never sees them, however the program sets up
    /// the terminal. And when the learner suspends the program (Ctrl-Z in vim or nano), the
    /// caller notices, because the program is its child in another group: it gives the
    /// terminal back to whatever started the caller and suspends its own group too, so the
    /// learner's login shell shows the whole job as stopped, and `fg` resumes the caller,
    /// which hands the terminal back to the program and continues it. Without a job-control
    /// shell above (the caller's group is orphaned), the kernel ignores that suspension, and
    /// the program simply carries on. In the caller's own group, a suspension without such a
    /// shell would stop everything with nobody left to continue it.
    ///
    /// The terminal's modes are saved before and put back after the program (a program that
    /// is killed leaves its raw mode behind), and input left unread is dropped: terminal
    /// replies to a program's questions (`ESC [ 2 ; 1 R`) would otherwise reach the caller as
    /// typed text.
    ///
    /// When `terminal` is not a terminal, or the caller is not in its foreground group (input
    /// from a pipe, a job in the background), this is `run`.
    ///
    /// - Parameter standardInput: a descriptor the program reads as its standard input
    ///   instead of the caller's (a pager reads the text there, and its keys from the
    ///   terminal); `terminal` must then be another descriptor of the terminal (standard output).
    /// - Throws: ``ChildProcessError/couldNotStart(executable:reason:)`` when it cannot be
    ///   started.
    package static func runOwningTerminal(executable: String, arguments: [String], terminal: Int32, standardInput: Int32? = nil) throws -> Termination {
        let ownGroup = getpgrp()
        guard isatty(terminal) == 1, tcgetpgrp(terminal) == ownGroup else {
            return wait(for: try spawn(executable: executable, arguments: arguments, terminal: nil, standardInput: standardInput))
        }
        var callerModes = termios()
        let hasModes = tcgetattr(terminal, &callerModes) == 0

        // A process outside the foreground group that changes the terminal (tcsetpgrp,
        // tcsetattr) is stopped with SIGTTOU, unless the signal is blocked: then the call
        // goes through. The mask is per thread, and this thread does all of it.
        var terminalStop = sigset_t()
        sigemptyset(&terminalStop)
        sigaddset(&terminalStop, SIGTTOU)
        var previousMask = sigset_t()
        pthread_sigmask(SIG_BLOCK, &terminalStop, &previousMask)
        defer { pthread_sigmask(SIG_SETMASK, &previousMask, nil) }

        let pid = try spawn(executable: executable, arguments: arguments, terminal: terminal, standardInput: standardInput)
        // The child took the terminal itself before it started; this covers C libraries
        // that cannot do that step (it is harmless twice).
        tcsetpgrp(terminal, pid)
        defer {
            tcsetpgrp(terminal, ownGroup)
            if hasModes { tcsetattr(terminal, TCSADRAIN, &callerModes) }
            tcflush(terminal, TCIFLUSH)
        }

        while true {
            var change: Int32 = 0
            var value: Int32 = 0
            guard cchildprocess_wait_change(pid, &change, &value) == 0 else {
                // Only possible if someone else reaped our child; report it as killed.
                return .signaled(SIGKILL)
            }
            switch change {
            case CCHILDPROCESS_CHANGE_EXITED:
                return .exited(value)
            case CCHILDPROCESS_CHANGE_SIGNALED:
                return .signaled(value)
            default:
                // SIGTTIN/SIGTTOU: it used the terminal before it was handed over (possible
                // only where the child could not take it itself); it is its own now.
                if value != SIGTTIN && value != SIGTTOU {
                    suspendAlong(with: pid, terminal: terminal, ownGroup: ownGroup, callerModes: hasModes ? callerModes : nil)
                }
                tcsetpgrp(terminal, pid)
                kill(-pid, SIGCONT)
            }
        }
    }

    /// The program in group `pid` was suspended: gives the terminal back to the caller's
    /// group with the caller's modes, and suspends that group too, so that the shell the
    /// learner started the caller from takes over. Returns once the caller is continued
    /// and in the foreground again, with the program's modes back on the terminal.
    private static func suspendAlong(with pid: pid_t, terminal: Int32, ownGroup: pid_t, callerModes: termios?) {
        var programModes = termios()
        let hasProgramModes = tcgetattr(terminal, &programModes) == 0
        tcsetpgrp(terminal, ownGroup)
        if var callerModes { tcsetattr(terminal, TCSADRAIN, &callerModes) }
        fflush(nil)
        // The whole group, as vim and nano suspend theirs: a wrapper such as `start.sh` in our
        // group must stop too, or the shell above it would not notice. In an orphaned group
        // (no job-control shell above) the kernel drops the signal and this returns at once.
        kill(0, SIGTSTP)
        // Continued with `bg`, we are not the terminal's foreground group, and taking the
        // terminal back would steal it from the shell: wait (stopped) for `fg`. Bounded, in
        // case the kernel drops the stop as it does in an orphaned group.
        var attempts = 0
        while tcgetpgrp(terminal) != ownGroup && attempts < 100 {
            kill(0, SIGTTIN)
            attempts += 1
        }
        // A program that suspended itself sets its modes again when continued; one stopped
        // from outside does not know it was, so it gets back the modes it had.
        tcsetpgrp(terminal, pid)
        if hasProgramModes { tcsetattr(terminal, TCSADRAIN, &programModes) }
    }

    /// Starts the program, in a group of its own that takes `terminal` when one is given, reading
    /// `standardInput` when one is given.
    private static func spawn(executable: String, arguments: [String], terminal: Int32?, standardInput: Int32? = nil) throws -> pid_t {
        // Output the caller buffered would otherwise come out after the program's own.
        fflush(nil)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }

        // The caller ignores SIGXFSZ (and Swift programs often SIGPIPE), which the program must
        // not inherit; nor the caller's blocked SIGTTOU.
        var flags = Int32(cchildprocess_spawn_reset_signals(&attributes))
        if let terminal {
            flags |= POSIX_SPAWN_SETPGROUP
            posix_spawnattr_setpgroup(&attributes, 0)
            _ = cchildprocess_spawn_add_take_terminal(&actions, terminal)
        }
        // After taking the terminal: file actions run in order.
        if let standardInput { posix_spawn_file_actions_adddup2(&actions, standardInput, STDIN_FILENO) }
        // Then the program keeps its three streams only: the caller's other descriptors that are
        // not close-on-exec (the line editor's copies of the terminal) are none of its business.
        _ = cchildprocess_spawn_add_close_from(&actions, 3)
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = CStringArray([executable] + arguments)
        var pid: pid_t = 0
        // `environ`, not a copy taken at start-up: the caller may have set variables since
        // (the shell points DIDOJO_TIMELINE at the learner's workspace).
        let status = argv.pointers.withUnsafeBufferPointer { argvPointers in
            posix_spawn(&pid, executable, &actions, &attributes, argvPointers.baseAddress!, environ)
        }
        guard status == 0 else {
            throw ChildProcessError.couldNotStart(executable: executable, reason: String(cString: strerror(status)))
        }
        return pid
    }

    /// Waits for `pid`; the C helper goes on waiting when a signal (a Ctrl-C the caller
    /// handles) interrupts the wait.
    package static func wait(for pid: pid_t) -> Termination {
        var signaled: Int32 = 0
        var value: Int32 = 0
        guard cchildprocess_reap(pid, &signaled, &value) == 0 else {
            // Only possible if someone else reaped our child; report it as killed.
            return .signaled(SIGKILL)
        }
        return signaled != 0 ? .signaled(value) : .exited(value)
    }
}
