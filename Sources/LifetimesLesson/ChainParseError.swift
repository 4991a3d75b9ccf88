/// Text after `run --chain` that does not describe a chain; `description` says what was wrong.
public struct ChainParseError: Error, Equatable, CustomStringConvertible {
    /// The text that could not be read.
    public let input: String
    /// What was wrong with it, and what to write instead.
    public let reason: String

    public init(input: String, reason: String) {
        self.input = input
        self.reason = reason
    }

    public var description: String {
        "cannot read \"\(input)\" as a chain: \(reason)"
    }
}
