import DojoCore
import Foundation

/// A clock that always says the same time: 2016-06-18 00:00 UTC unless told otherwise.
public struct FixedTimeSource: TimeSource {
    public let date: Date

    public init(date: Date = Date(timeIntervalSince1970: 1_466_208_000)) {
        self.date = date
    }

    public func now() -> Date { date }
}
