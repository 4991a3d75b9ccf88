import Domain
import XCTest

/// Tests of the ambient clock, `TimeProvider`, and of `PostStamper`, which reads it (both as
/// `exercise` describes them).
final class TimeProviderTests: XCTestCase {
    /// 2016-06-18 00:00 UTC, and the day after.
    private let day = FixedClock(date: Date(timeIntervalSince1970: 1_466_208_000))
    private let nextDay = FixedClock(date: Date(timeIntervalSince1970: 1_466_294_400))

    private struct Boom: Error {}

    func testAStamperMadeBeforeTheScopeStampsWithTheScopesClock() {
        let stamped = TimeProvider.using(day) { PostStamper().stamp("Hello") }
        XCTAssertEqual(stamped, "Hello (2016-06-18 00:00 UTC)", "inside the scope, the stamper should read the scope's clock")
    }

    func testTheClockFromBeforeIsBackAfterTheScope() {
        TimeProvider.using(day) { _ = PostStamper().stamp("Hello") }
        XCTAssertTrue(TimeProvider.current is SystemClock, "after the scope, the real clock should be current again, not \(TimeProvider.current)")
    }

    func testTheClockIsBackEvenWhenTheScopeThrows() {
        XCTAssertThrowsError(try TimeProvider.using(day) { throw Boom() })
        XCTAssertTrue(TimeProvider.current is SystemClock, "a scope that throws should still put the real clock back, not leave \(TimeProvider.current)")
    }

    func testAnInnerScopeGivesBackTheOuterScopesClock() {
        let stamped = TimeProvider.using(day) {
            let stamper = PostStamper()
            TimeProvider.using(nextDay) { _ = stamper.stamp("Inner") }
            return stamper.stamp("Hello")
        }
        XCTAssertEqual(stamped, "Hello (2016-06-18 00:00 UTC)", "after the inner scope, the outer scope's clock should be current again")
    }
}
