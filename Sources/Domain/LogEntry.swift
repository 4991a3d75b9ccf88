/// One message given to a logger, with its level.
public struct LogEntry: Equatable, Sendable, CustomStringConvertible {
    /// How serious a message is.
    public enum Level: String, Equatable, Sendable {
        case info
        case error
    }

    public let level: Level
    public let message: String

    public init(level: Level, message: String) {
        self.level = level
        self.message = message
    }

    /// The entry as `PrintLogger` writes it: `[info] message`.
    public var description: String {
        "[\(level.rawValue)] \(message)"
    }
}
