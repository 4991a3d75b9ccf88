import DojoCore
import Foundation

/// A clock that always says the same time: 2016-06-18 00:00 UTC unless told otherwise.
package struct FixedTimeSource: TimeSource {
    package let date: Date

    package init(date: Date = Date(timeIntervalSince1970: 1_466_208_000)) {
        self.date = date
    }

    package func now() -> Date { date }
}
