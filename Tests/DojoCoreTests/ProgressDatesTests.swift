import DojoWorkspace
import Foundation
import Testing

/// The progress file's dates are written and read exactly as JSON's `.iso8601` strategies
/// write and read them (`ProgressDates` only skips Foundation's calendar for the usual ones).
@Suite struct ProgressDatesTests {
    let ours = (encoder: { () -> JSONEncoder in let e = JSONEncoder(); e.dateEncodingStrategy = ProgressDates.encoding; return e }(),
                decoder: { () -> JSONDecoder in let d = JSONDecoder(); d.dateDecodingStrategy = ProgressDates.decoding; return d }())
    let foundations = (encoder: { () -> JSONEncoder in let e = JSONEncoder(); e.dateEncodingStrategy = .iso8601; return e }(),
                       decoder: { () -> JSONDecoder in let d = JSONDecoder(); d.dateDecodingStrategy = .iso8601; return d }())

    @Test func everyDateIsWrittenAsISO8601WritesIt() throws {
        var dates = [
            Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1_709_251_199.999), Date(timeIntervalSince1970: 951_782_400),
            Date(timeIntervalSince1970: 253_402_300_799.5), Date(timeIntervalSince1970: 253_402_300_800), Date(timeIntervalSince1970: -0.5),
            Date(timeIntervalSince1970: -86_400 * 365.25 * 300), Date(timeIntervalSince1970: 4_107_542_400), // 2100-03-01
        ]
        // Any moment of the years 1970–9999, whole or not, and some before.
        for _ in 0..<2000 { dates.append(Date(timeIntervalSince1970: Double.random(in: 0..<253_402_300_800))) }
        for _ in 0..<200 { dates.append(Date(timeIntervalSince1970: Double(Int.random(in: 0..<4_102_444_800)))) }
        for _ in 0..<50 { dates.append(Date(timeIntervalSince1970: Double.random(in: -62_135_596_800..<0))) }
        for date in dates {
            let written = String(decoding: try ours.encoder.encode([date]), as: UTF8.self)
            #expect(written == String(decoding: try foundations.encoder.encode([date]), as: UTF8.self), "\(date.timeIntervalSince1970)")
        }
    }

    @Test func everyTextIsReadAsISO8601ReadsIt() throws {
        var texts = [
            "2026-11-27T05:09:23Z", "1970-01-01T00:00:00Z", "2024-02-29T23:59:59Z", "2000-02-29T12:00:00Z", "9999-12-31T23:59:59Z",
            // Not a real day or time: whatever .iso8601 makes of them.
            "2023-02-29T00:00:00Z", "2100-02-29T00:00:00Z", "2026-13-01T00:00:00Z", "2026-11-31T00:00:00Z", "2026-11-27T24:00:00Z",
            "2026-11-27T05:60:00Z", "2026-11-27T05:09:60Z", "2026-00-10T05:09:23Z",
            // Other forms, and no date at all.
            "1969-12-31T23:59:59Z", "2026-11-27T05:09:23.250Z", "2026-11-27T05:09:23+01:00", "2026-11-27 05:09:23Z",
            "2026-11-27T05:09:23z", "2026-11-27T05:09:2Z", "+2026-11-27T05:09:23Z", "２026-11-27T05:09:23Z", "", "yesterday",
        ]
        for _ in 0..<500 {
            let seconds = Int.random(in: 0..<253_402_300_800)
            texts.append(String(decoding: try foundations.encoder.encode(Date(timeIntervalSince1970: Double(seconds))), as: UTF8.self)
                .trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
        }
        for text in texts {
            let json = try JSONEncoder().encode([text])
            let theirs = try? foundations.decoder.decode([Date].self, from: json)
            let mine = try? ours.decoder.decode([Date].self, from: json)
            #expect(mine == theirs, "\(text): \(String(describing: mine)) but .iso8601 reads \(String(describing: theirs))")
        }
    }
}
