import Foundation

/// The progress file's dates, `2026-11-27T05:09:23Z`, exactly as JSON's `.iso8601` strategies
/// write and read them, but without Foundation's Gregorian calendar for the usual ones: its
/// first use looks up the system's time zone through ICU (half a millisecond), and the shell's
/// start and every check's record read the progress. Dates of years 1970–9999 in whole
/// seconds, the only ones the progress holds, are worked out here from the days since 1970;
/// any other date or text goes through `.iso8601` itself.
package enum ProgressDates {
    package static let encoding = JSONEncoder.DateEncodingStrategy.custom { date, encoder in
        var container = encoder.singleValueContainer()
        try container.encode(text(of: date) ?? foundationText(of: date))
    }

    package static let decoding = JSONDecoder.DateDecodingStrategy.custom { decoder in
        let text = try decoder.singleValueContainer().decode(String.self)
        if let date = date(from: text) { return date }
        do {
            return try fallbackDecoder.decode(Date.self, from: JSONEncoder().encode(text))
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "Expected date string to be ISO8601-formatted."))
        }
    }

    /// `yyyy-MM-ddTHH:mm:ssZ` for a date of the years 1970–9999, seconds rounded down as
    /// `.iso8601` does; nil for any other.
    static func text(of date: Date) -> String? {
        let interval = date.timeIntervalSince1970
        guard interval >= 0, interval < 253_402_300_800 else { return nil } // 10000-01-01
        let seconds = Int(interval.rounded(.down))
        let (year, month, day) = civilDate(daysSince1970: seconds / 86_400)
        let time = seconds % 86_400
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day))T\(two(time / 3600)):\(two(time / 60 % 60)):\(two(time % 60))Z"
    }

    /// The date of exactly `yyyy-MM-ddTHH:mm:ssZ` with a real day and time of the years
    /// 1970–9999; nil for anything else, which `.iso8601` then reads (or refuses).
    static func date(from text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              year >= 1970, (1...12).contains(month), (1...daysIn(month: month, of: year)).contains(day),
              hour < 24, minute < 60, second < 60 else { return nil }
        let days = daysSince1970(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3600 + minute * 60 + second))
    }

    /// Days from 1970-01-01 to a day of the proleptic Gregorian calendar (Howard Hinnant's
    /// `days_from_civil`, for years from 1970 on).
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = shiftedYear / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The day `days` after 1970-01-01 (`civil_from_days`, for days from 1970 on).
    private static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = shifted / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func daysIn(month: Int, of year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// What `.iso8601` writes for a date outside the years worked out here.
    private static func foundationText(of date: Date) throws -> String {
        try fallbackDecoderOfText.decode(String.self, from: fallbackEncoder.encode(date))
    }

    private static var fallbackEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    private static var fallbackDecoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    private static var fallbackDecoderOfText: JSONDecoder { JSONDecoder() }
}
