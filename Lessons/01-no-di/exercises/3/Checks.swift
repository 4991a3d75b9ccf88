import XCTest
import Domain

/// A client written for these checks: it posts nothing and only remembers the texts.
final class TextRecordingClient: SocialPostOutput {
    private(set) var texts: [String] = []

    func post(_ text: String) {
        texts.append(text)
    }

    func post(_ text: String, image: Image) {
        texts.append(text)
    }
}

final class StopTheClockChecks: XCTestCase {
    func testAFixedClockGivesAStampKnownInAdvance() throws {
        let client = TextRecordingClient()
        let presenter = SocialPresenter(client: client, clock: try FixedClock(day: "2016-06-18"))
        try presenter.share("Hello")
        try presenter.share("Look", image: Image(named: "cat.jpg"))
        XCTAssertEqual(
            client.texts, ["Hello (2016-06-18 00:00 UTC)", "Look (2016-06-18 00:00 UTC)"],
            "With clock: FixedClock(day: \"2016-06-18\") every post should be stamped 2016-06-18 00:00 UTC"
        )
    }

    func testTheClockIsAskedAtEachPost() throws {
        let client = TextRecordingClient()
        let presenter = SocialPresenter(client: client, clock: SteppingClock())
        try presenter.share("First")
        try presenter.share("Second")
        XCTAssertEqual(
            client.texts, ["First (1970-01-01 00:01 UTC)", "Second (1970-01-01 00:02 UTC)"],
            "The presenter should ask its clock for the time at every post, not once when it is made"
        )
    }

    func testWithoutAClockTheRealTimeIsUsed() throws {
        let client = TextRecordingClient()
        let before = Date().utcStamp
        try SocialPresenter(client: client).share("Now")
        let after = Date().utcStamp
        let text = client.texts.first ?? ""
        XCTAssertTrue(
            text == "Now (\(before))" || text == "Now (\(after))",
            "SocialPresenter(client:) with no clock should stamp posts with the real time (\(before)), but posted \"\(text)\""
        )
    }
}

/// A clock that moves one minute further every time it is asked.
/// `@unchecked Sendable`: `Clock` asks for `Sendable`, and these checks use it from one thread.
final class SteppingClock: Clock, @unchecked Sendable {
    private var minutes = 0

    func now() -> Date {
        minutes += 1
        return Date(timeIntervalSince1970: TimeInterval(minutes * 60))
    }
}
