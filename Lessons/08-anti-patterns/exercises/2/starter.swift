import Domain
import XCTest

/// Tests of the ambient clock, `TimeProvider`, and of `PostStamper`, which reads it (both as
/// `exercise` describes them).
final class TimeProviderTests: XCTestCase {
    /// 2016-06-18 00:00 UTC, and the day after.
    private let day = FixedClock(date: Date(timeIntervalSince1970: 1_466_208_000))
    private let nextDay = FixedClock(date: Date(timeIntervalSince1970: 1_466_294_400))

    func testAStamperMadeBeforeTheScopeStampsWithTheScopesClock() {
        // TODO: make a PostStamper, then stamp inside TimeProvider.using(day) { … }, and assert
        // the whole stamped text.
    }

    func testTheClockFromBeforeIsBackAfterTheScope() {
        // TODO: once TimeProvider.using(day) { … } has returned, assert that the real clock is
        // current again.
    }

    func testTheClockIsBackEvenWhenTheScopeThrows() {
        // TODO: end a scope by throwing, then look at TimeProvider.current again.
    }

    func testAnInnerScopeGivesBackTheOuterScopesClock() {
        // TODO: inside TimeProvider.using(day) { … }, open and close TimeProvider.using(nextDay),
        // then stamp: it should be `day` again.
    }
}
