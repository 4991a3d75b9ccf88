/// Text that does not name a clock or a day; `description` says what was expected.
public struct ClockParseError: Error, Equatable, CustomStringConvertible {
    /// The text that could not be read.
    public let input: String
    /// What was expected instead.
    public let reason: String

    public init(input: String, reason: String) {
        self.input = input
        self.reason = reason
    }

    public var description: String {
        "cannot read \"\(input)\" as a clock: \(reason)"
    }
}
