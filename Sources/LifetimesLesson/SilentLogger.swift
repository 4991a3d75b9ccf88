import Domain

/// A logger that drops every message: a Null Object.
///
/// A type that takes `any Logger` can always log, with no `logger?.` and no `if let`; when
/// nobody wants its messages, the composition root hands it this one.
public struct SilentLogger: Logger, Sendable {
    public init() {}

    public func info(_ message: String) {}

    public func error(_ message: String) {}
}
