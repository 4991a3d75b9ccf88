import Foundation

/// Which clock a demo should use, as typed on the command line: `system` or `fixed:YYYY-MM-DD`.
///
/// Lessons that let the learner pick a clock (`run --clock fixed:2016-06-18`) parse the word with
/// this type and then call `makeClock()`, so every lesson spells the choice the same way.
public enum ClockChoice: Equatable, Sendable {
    /// The machine's real time.
    case system
    /// A clock stopped at this moment.
    case fixed(Date)

    /// The accepted words, for usage lines and error messages.
    public static let syntax = "system | fixed:YYYY-MM-DD"

    /// Reads `system` or `fixed:YYYY-MM-DD` (e.g. `fixed:2016-06-18`, midnight UTC).
    ///
    /// - Throws: `ClockParseError` for anything else.
    public init(parsing word: String) throws {
        if word == "system" {
            self = .system
            return
        }
        let prefix = "fixed:"
        guard word.hasPrefix(prefix) else {
            throw ClockParseError(input: word, reason: "use \(Self.syntax), e.g. fixed:2016-06-18")
        }
        let day = String(word.dropFirst(prefix.count))
        guard let date = FixedClock.midnightUTC(of: day) else {
            throw ClockParseError(input: word, reason: "after fixed: write a day as YYYY-MM-DD, e.g. fixed:2016-06-18")
        }
        self = .fixed(date)
    }

    /// The clock this choice names.
    public func makeClock() -> any Clock {
        switch self {
        case .system: SystemClock()
        case .fixed(let date): FixedClock(date: date)
        }
    }
}
