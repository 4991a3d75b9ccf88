/// Everything known about a finished child process: how it ended and what it printed.
package struct ChildProcessResult: Sendable, Equatable {
    /// How the child ended. After a timeout or cancellation this is usually `.signaled(SIGKILL)`.
    package var termination: Termination
    /// The first `outputLimit` bytes of standard output, decoded as UTF-8 (invalid bytes become U+FFFD).
    package var standardOutput: String
    /// The first `outputLimit` bytes of standard error, decoded as UTF-8 (invalid bytes become U+FFFD).
    package var standardError: String
    /// How many bytes were read beyond the limit and thrown away, over both streams; 0 when nothing was dropped.
    package var droppedOutputBytes: Int
    /// Whether the child was killed because the request's timeout ran out.
    package var timedOut: Bool
    /// Whether the child was killed because the caller cancelled the run.
    package var cancelled: Bool
    /// How long the run took, from starting the child until it was reaped.
    package var duration: Duration

    /// Creates a result; package-wide so test doubles of ``ProcessLaunching`` can build one.
    package init(
        termination: Termination,
        standardOutput: String = "",
        standardError: String = "",
        droppedOutputBytes: Int = 0,
        timedOut: Bool = false,
        cancelled: Bool = false,
        duration: Duration = .zero
    ) {
        self.termination = termination
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.droppedOutputBytes = droppedOutputBytes
        self.timedOut = timedOut
        self.cancelled = cancelled
        self.duration = duration
    }
}
