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

/// An output whose network is down: every post fails.
struct DownOutput: SocialPostOutput {
    struct NetworkDown: Error {}
    func post(_ text: String) throws { throw NetworkDown() }
    func post(_ text: String, image: Image) throws { throw NetworkDown() }
}

final class PassTheTimePerCallChecks: XCTestCase {
    func testAFailedPostReachesTheCaller() {
        let presenter = SocialPresenter(output: DownOutput(), clock: CountingClock())
        XCTAssertThrowsError(try presenter.share("Hello"), "When the network fails, share(_:) should throw its error to the caller, not swallow it (no `try?`, no empty `catch`)") { error in
            XCTAssertTrue(error is DownOutput.NetworkDown, "share(_:) should throw the output's own error; it threw \(error)")
        }
        XCTAssertThrowsError(try presenter.share("Later", at: Date(timeIntervalSince1970: 1_500_000_000)), "When the network fails, share(_:at:) should throw its error to the caller, not swallow it (no `try?`, no empty `catch`)") { error in
            XCTAssertTrue(error is DownOutput.NetworkDown, "share(_:at:) should throw the output's own error; it threw \(error)")
        }
    }

    /// 2016-06-17 21:45 UTC, the evening before the clock's day.
    private let evening = Date(timeIntervalSince1970: 1_466_199_900)

    func testTheDateGivenToTheCallStampsThePost() throws {
        let output = StampRecordingOutput()
        try SocialPresenter(output: output, clock: CountingClock()).share("Written last night", at: evening)
        let clockStamped = output.texts.first?.hasSuffix("(2016-06-18 00:00 UTC)") ?? false
        XCTAssertEqual(
            output.texts, ["Written last night (2016-06-17 21:45 UTC)"],
            clockStamped
                ? "share(_:at:) posted \(output.texts), stamped with the clock's time: it should be stamped with the date it was given, 2016-06-17 21:45 UTC"
                : "share(_:at:) should post once, stamped with the date it was given, but it posted \(output.texts)"
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
        let before = Date().utcStamp
        try SocialPresenter(output: output, clock: CountingClock()).share("Now")
        let after = Date().utcStamp
        let message: String
        if output.texts.count > 1 {
            message = "share(_:) should post exactly once, but it posted \(output.texts.count) times: \(output.texts)"
        } else if let text = output.texts.first, [before, after].contains(where: { text.hasSuffix("(\($0))") }) {
            message = "share(_:) posted \"\(text)\": that is the real time now, not the time of the clock passed to init(output:clock:). Ask that clock: `try share(text, at: clock.now())`."
        } else {
            message = "share(_:) without a date should still post once, stamped with the clock's time, but it posted \(output.texts)"
        }
        XCTAssertEqual(output.texts, ["Now (2016-06-18 00:00 UTC)"], message)
    }

    func testTheDateOfOneCallIsNotKeptForTheNext() throws {
        let output = StampRecordingOutput()
        let presenter = SocialPresenter(output: output, clock: CountingClock())
        try presenter.share("Written last night", at: evening)
        try presenter.share("Written now")
        XCTAssertEqual(
            output.texts.last, "Written now (2016-06-18 00:00 UTC)",
            "After share(_:at:), a later share(_:) should be stamped with the clock's time, but it posted \(output.texts.last.map { "\"\($0)\"" } ?? "nothing"). The date belongs to the one call it came with: don't keep it in a stored property."
        )
    }
}
