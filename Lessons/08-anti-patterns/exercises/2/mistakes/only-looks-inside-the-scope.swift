import Domain
import XCTest

/// Tests of the ambient clock, `TimeProvider`, and of `PostStamper`, which reads it (both as
/// `exercise` describes them).
final class TimeProviderTests: XCTestCase {
    /// 2016-06-18 00:00 UTC, and the day after.
    private let day = FixedClock(date: Date(timeIntervalSince1970: 1_466_208_000))
    private let nextDay = FixedClock(date: Date(timeIntervalSince1970: 1_466_294_400))

    func testAStamperMadeBeforeTheScopeStampsWithTheScopesClock() {
        let stamped = TimeProvider.using(day) { PostStamper().stamp("Hello") }
        XCTAssertEqual(stamped, "Hello (2016-06-18 00:00 UTC)")
    }

    func testTheClockFromBeforeIsBackAfterTheScope() {
        let stamped = TimeProvider.using(nextDay) { PostStamper().stamp("Hello") }
        XCTAssertEqual(stamped, "Hello (2016-06-19 00:00 UTC)")
    }

    func testTheClockIsBackEvenWhenTheScopeThrows() {
    }

    func testAnInnerScopeGivesBackTheOuterScopesClock() {
    }
}
