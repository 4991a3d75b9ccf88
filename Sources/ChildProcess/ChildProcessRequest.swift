/// A description of one program to run: what to start, with what, and within which limits.
///
/// The request is plain data so the shell can build it, log it, and hand it to
/// any ``ProcessLaunching`` implementation (the real one or a test double).
package struct ChildProcessRequest: Sendable, Equatable {
    /// The default number of bytes kept per output stream: 1 MiB.
    ///
    /// Enough for any honest exercise output, small enough that a learner's
    /// runaway `print` loop cannot fill the tutor's memory.
    package static let defaultOutputLimit = 1024 * 1024

    /// The default largest file a child may write: 64 MiB.
    ///
    /// Far above what a compiler step or a check writes (the largest, a module-cache file, is
    /// about 11 MB), far below what would fill the disk of a learner whose loop writes a file.
    package static let defaultFileSizeLimit = 64 * 1024 * 1024

    /// The default number of processes and threads a child and its descendants may add: 512.
    ///
    /// The program that runs the checks needs a few dozen threads, the compiler a few
    /// processes; a fork bomb stops at a few hundred instead of taking the machine down.
    package static let defaultAdditionalProcessLimit = 512

    /// The absolute path of the program to start (no `PATH` lookup is done).
    package var executable: String
    /// The arguments after the program name (the program receives `executable` as `argv[0]`).
    package var arguments: [String]
    /// The complete environment of the child; nothing is inherited from the tutor.
    package var environment: [String: String]
    /// The directory the child starts in, or `nil` to use the tutor's current directory.
    package var workingDirectory: String?
    /// How long the child (and everything it starts) may run before being killed, or `nil` for no limit.
    package var timeout: Duration?
    /// How many bytes to keep from each of standard output and standard error; the rest is read and dropped.
    package var outputLimit: Int
    /// The most address space, in bytes, the child may use (`RLIMIT_AS`), or `nil` for no limit.
    package var memoryLimit: Int?
    /// The largest file, in bytes, the child and everything it starts may write
    /// (`RLIMIT_FSIZE`), or `nil` for no limit. A write past it ends the writer with SIGXFSZ
    /// (or fails with EFBIG if the writer ignores that signal).
    package var fileSizeLimit: Int?
    /// How many processes and threads the child and everything it starts may add to those
    /// running when it starts (`RLIMIT_NPROC`), or `nil` for no limit.
    ///
    /// Linux counts every process and thread of the user against `RLIMIT_NPROC`, the
    /// desktop's included, so a fixed number would either stop an honest program on a busy
    /// machine or stop nothing. The limit is set to the tasks the whole system runs at the
    /// start (never fewer than the user's own) plus this margin. Two notes: the kernel does
    /// not apply it to root, and it is the user's count that grows, so while one run sits at
    /// its limit another run started by the same user may fail to start a thread as well.
    package var additionalProcessLimit: Int?
    /// How much lower than the caller's the child's priority is (added to its nice value and
    /// to its session's, see the reaper; 0: the same). For work that may use an idle core but
    /// must not slow what the caller waits for: a program started early, which loads its
    /// libraries behind its gate, is put back at the caller's priority once the gate opens.
    package var niceness: Int32 = 0
    /// Holds the child back after it has started, until the gate opens (see
    /// ``ChildProcessGate``); `nil` lets it run at once, with an empty standard input.
    package var gate: ChildProcessGate?
    /// What the child reads as its standard input, a descriptor the caller keeps and closes
    /// (a fork server's socket); `nil`: the gate's pipe, or /dev/null. Not with a gate.
    package var inputDescriptor: Int32?
    /// Runs this request as a fork of the server at the other end (see
    /// ``ForkServerConnection``) rather than by starting `executable`, which the server already
    /// runs: `arguments` are not used, `environment` is added to the server's own, and the
    /// confinement's `writable` is the working directory alone, which is then required. `nil`:
    /// the program is started.
    package var forkServer: ForkServerConnection?
    /// Confines the child and everything it starts (see ``Confinement``); `nil` lets it do
    /// whatever the user may. For the learner's code: the program that runs the checks.
    package var confinement: Confinement?
    /// How the program says on its standard error that its work is done (see ``ReportedEnd``);
    /// the run's result is then returned at once, and the rest of the run (the program's exit,
    /// whatever it started) is ended and reaped without the caller. `nil`: the result comes
    /// once every process of the run has ended.
    package var reportedEnd: ReportedEnd?

    /// Creates a request; only the executable is required.
    package init(
        executable: String,
        arguments: [String] = [],
        environment: [String: String] = [:],
        workingDirectory: String? = nil,
        timeout: Duration? = nil,
        outputLimit: Int = ChildProcessRequest.defaultOutputLimit,
        memoryLimit: Int? = nil,
        fileSizeLimit: Int? = ChildProcessRequest.defaultFileSizeLimit,
        additionalProcessLimit: Int? = ChildProcessRequest.defaultAdditionalProcessLimit,
        gate: ChildProcessGate? = nil,
        confinement: Confinement? = nil
    ) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.workingDirectory = workingDirectory
        self.timeout = timeout
        self.outputLimit = outputLimit
        self.memoryLimit = memoryLimit
        self.fileSizeLimit = fileSizeLimit
        self.additionalProcessLimit = additionalProcessLimit
        self.gate = gate
        self.confinement = confinement
    }
}
