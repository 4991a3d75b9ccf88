/// A logger that writes one line per message, `[info] …` or `[error] …`.
///
/// The destination is a closure rather than a hard-coded `print`, so a demo can send the lines
/// to its own output and a test can collect them.
public struct PrintLogger: Logger, Sendable {
    private let write: @Sendable (String) -> Void

    /// - Parameter write: receives each line, newline included; standard output by default.
    public init(write: @escaping @Sendable (String) -> Void = StandardOutput.write) {
        self.write = write
    }

    public func info(_ message: String) {
        write(LogEntry(level: .info, message: message).description + "\n")
    }

    public func error(_ message: String) {
        write(LogEntry(level: .error, message: message).description + "\n")
    }
}
