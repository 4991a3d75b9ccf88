/// A logger that keeps every message in memory, so a test or a demo can look at what was logged.
///
/// A class, because whoever logs and whoever reads the entries must share one list.
public final class RecordingLogger: Logger {
    /// Every message so far, oldest first.
    public private(set) var entries: [LogEntry] = []

    public init() {}

    public func info(_ message: String) {
        entries.append(LogEntry(level: .info, message: message))
    }

    public func error(_ message: String) {
        entries.append(LogEntry(level: .error, message: message))
    }

    /// The messages logged at `level`, oldest first.
    public func messages(at level: LogEntry.Level) -> [String] {
        entries.filter { $0.level == level }.map(\.message)
    }
}
