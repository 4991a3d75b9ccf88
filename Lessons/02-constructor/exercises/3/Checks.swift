import XCTest
import Domain

/// A client written for these checks: it sends nothing and only remembers the texts.
final class StampRecordingOutput: SocialPostOutput {
    private(set) var texts: [String] = []

    func post(_ text: String) {
        texts.append(text)
    }

    func post(_ text: String, image: Image) {
        texts.append(text)
    }
}

/// A clock that counts how often it is asked, and always says 2016-06-18 00:00 UTC.
/// `@unchecked Sendable`: `Clock` asks for `Sendable`, and these checks use it from one thread.
final class CountingClock: Clock, @unchecked Sendable {
    private(set) var timesAsked = 0

    func now() -> Date {
        timesAsked += 1
        return Date(timeIntervalSince1970: 1_466_208_000)  // 2016-06-18 00:00 UTC
    }
}

final class PassTheTimePerCallChecks: XCTestCase {
    /// 2016-06-17 21:45 UTC, the evening before the clock's day.
    private let evening = Date(timeIntervalSince1970: 1_466_199_900)

    func testTheDateGivenToTheCallStampsThePost() throws {
        let output = StampRecordingOutput()
        try SocialPresenter(output: output, clock: CountingClock()).share("Written last night", at: evening)
        XCTAssertEqual(
            output.texts, ["Written last night (2016-06-17 21:45 UTC)"],
            "share(_:at:) should post once, stamped with the date it was given"
        )
    }

    func testTheClockIsNotAskedWhenTheDateIsGiven() throws {
        let clock = CountingClock()
        try SocialPresenter(output: StampRecordingOutput(), clock: clock).share("Draft", at: evening)
        XCTAssertEqual(
            clock.timesAsked, 0,
            "share(_:at:) already has its date; it should not ask the clock (it asked \(clock.timesAsked) time(s))"
        )
    }

    func testPlainShareStillUsesTheClock() throws {
        let output = StampRecordingOutput()
        try SocialPresenter(output: output, clock: CountingClock()).share("Now")
        XCTAssertEqual(
            output.texts, ["Now (2016-06-18 00:00 UTC)"],
            "share(_:) without a date should still stamp the post with the clock's time"
        )
    }
}
