import Foundation

/// A clock that always tells the same time, so that output which contains a time is the same on
/// every run.
public struct FixedClock: Clock {
    /// The moment this clock is stopped at.
    public let date: Date

    public init(date: Date) {
        self.date = date
    }

    /// A clock stopped at midnight UTC of a calendar day written as `YYYY-MM-DD`, e.g.
    /// `2016-06-18`.
    ///
    /// - Throws: `ClockParseError` when `day` is not a real day in that exact form.
    public init(day: String) throws {
        guard let date = Self.midnightUTC(of: day) else {
            throw ClockParseError(input: day, reason: "expected a day written as YYYY-MM-DD, e.g. 2016-06-18")
        }
        self.date = date
    }

    public func now() -> Date {
        date
    }

    /// Reads `YYYY-MM-DD` strictly: exactly that shape, and a day that exists (no `2016-02-30`).
    static func midnightUTC(of text: String) -> Date? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3,
              parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }

        let calendar = Calendar.utcGregorian
        let wanted = DateComponents(year: year, month: month, day: day)
        guard let date = calendar.date(from: wanted) else { return nil }
        // The calendar quietly rolls impossible days over (Feb 30 becomes Mar 1); comparing the
        // components of the result with what was asked for catches that.
        let found = calendar.dateComponents([.year, .month, .day], from: date)
        guard found.year == year, found.month == month, found.day == day else { return nil }
        return date
    }
}

extension Calendar {
    /// The Gregorian calendar in UTC: dates in this package never depend on the machine's time
    /// zone, so output is the same everywhere.
    static let utcGregorian: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
}
