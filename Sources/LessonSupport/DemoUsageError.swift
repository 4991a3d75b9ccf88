import ArgumentParser

/// A `run` whose options could not be understood; `message` says what to type instead.
public struct DemoUsageError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }

    public init(message: String) {
        self.message = message
    }
}

extension ParsableArguments {
    /// Parses a demo's options, turning ArgumentParser's errors into a `DemoUsageError` that
    /// carries the library's own message (which names the bad option and the valid ones).
    public static func parseDemoOptions(_ arguments: [String]) throws -> Self {
        do {
            return try parse(arguments)
        } catch {
            if let help = error as? CleanExit {
                throw DemoUsageError(message: message(for: help))
            }
            throw DemoUsageError(message: fullMessage(for: error))
        }
    }
}
