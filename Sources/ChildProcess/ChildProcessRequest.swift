/// A description of one program to run: what to start, with what, and within which limits.
///
/// The request is plain data so the shell can build it, log it, and hand it to
/// any ``ProcessLaunching`` implementation (the real one or a test double).
public struct ChildProcessRequest: Sendable, Equatable {
    /// The default number of bytes kept per output stream: 1 MiB.
    ///
    /// Enough for any honest exercise output, small enough that a learner's
    /// runaway `print` loop cannot fill the tutor's memory.
    public static let defaultOutputLimit = 1024 * 1024

    /// The absolute path of the program to start (no `PATH` lookup is done).
    public var executable: String
    /// The arguments after the program name (the program receives `executable` as `argv[0]`).
    public var arguments: [String]
    /// The complete environment of the child; nothing is inherited from the tutor.
    public var environment: [String: String]
    /// The directory the child starts in, or `nil` to use the tutor's current directory.
    public var workingDirectory: String?
    /// How long the child (and everything it starts) may run before being killed, or `nil` for no limit.
    public var timeout: Duration?
    /// How many bytes to keep from each of standard output and standard error; the rest is read and dropped.
    public var outputLimit: Int
    /// The most address space, in bytes, the child may use (`RLIMIT_AS`), or `nil` for no limit.
    public var memoryLimit: Int?
    /// Holds the child back after it has started, until the gate opens (see
    /// ``ChildProcessGate``); `nil` lets it run at once, with an empty standard input.
    public var gate: ChildProcessGate?

    /// Creates a request; only the executable is required.
    public init(
        executable: String,
        arguments: [String] = [],
        environment: [String: String] = [:],
        workingDirectory: String? = nil,
        timeout: Duration? = nil,
        outputLimit: Int = ChildProcessRequest.defaultOutputLimit,
        memoryLimit: Int? = nil,
        gate: ChildProcessGate? = nil
    ) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.workingDirectory = workingDirectory
        self.timeout = timeout
        self.outputLimit = outputLimit
        self.memoryLimit = memoryLimit
        self.gate = gate
    }
}
