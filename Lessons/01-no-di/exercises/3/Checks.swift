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

/// A client whose network is down: every post fails, with an error that names the text it
/// refused, so the checks can tell this client's error from any other.
struct DownClient: SocialPostOutput {
    struct NetworkDown: Error {
        let text: String
    }

    func post(_ text: String) throws { throw NetworkDown(text: text) }
    func post(_ text: String, image: Image) throws { throw NetworkDown(text: text) }
}

final class StopTheClockChecks: XCTestCase {
    func testAFailedPostReachesTheCaller() throws {
        let presenter = SocialPresenter(client: DownClient(), clock: try FixedClock(day: "2016-06-18"))
        let text = "Down \(Int.random(in: 100...999))"
        XCTAssertThrowsError(try presenter.share(text), "When the client fails, share(_:) should throw its error to the caller, not swallow it (no `try?`, no empty `catch`): otherwise the caller believes the post went out") { error in
            XCTAssertTrue((error as? DownClient.NetworkDown)?.text.hasPrefix(text) ?? false, "share(_:) should throw the client's own error; it threw \(error)")
        }
        XCTAssertThrowsError(try presenter.share(text, image: Image(named: "cat.jpg")), "When the client fails, share(_:image:) should throw its error to the caller, not swallow it (no `try?`, no empty `catch`): otherwise the caller believes the post went out") { error in
            XCTAssertTrue((error as? DownClient.NetworkDown)?.text.hasPrefix(text) ?? false, "share(_:image:) should throw the client's own error; it threw \(error)")
        }
    }

    /// Why `text`, posted by `call` with a clock stopped at 2016-06-18, is not the expected one.
    private func wrongStamp(_ call: String, posted text: String?, expected: String, realTime: [String]) -> String {
        guard let text else { return "\(call) should post once through the client, stamped \"\(expected)\", but it posted nothing" }
        if realTime.contains(where: { text.hasSuffix("(\($0))") }) {
            return "\(call) with clock: FixedClock(day: \"2016-06-18\") posted \"\(text)\": that is the real time now, not the time of the clock passed to init(client:clock:). Keep the clock you receive and ask it (`clock.now()`) instead of SystemClock() or Date()."
        }
        return "\(call) with clock: FixedClock(day: \"2016-06-18\") should post \"\(expected)\", but posted \"\(text)\""
    }

    func testAFixedClockGivesAStampKnownInAdvance() throws {
        let client = TextRecordingClient()
        let presenter = SocialPresenter(client: client, clock: try FixedClock(day: "2016-06-18"))
        let before = Date().utcStamp
        try presenter.share("Hello")
        let after = Date().utcStamp
        XCTAssertEqual(
            client.texts, ["Hello (2016-06-18 00:00 UTC)"],
            wrongStamp("share(\"Hello\")", posted: client.texts.first, expected: "Hello (2016-06-18 00:00 UTC)", realTime: [before, after])
        )
    }

    func testAFixedClockStampsPicturesToo() throws {
        let client = TextRecordingClient()
        let presenter = SocialPresenter(client: client, clock: try FixedClock(day: "2016-06-18"))
        let before = Date().utcStamp
        try presenter.share("Look", image: Image(named: "cat.jpg"))
        let after = Date().utcStamp
        XCTAssertEqual(
            client.texts, ["Look (2016-06-18 00:00 UTC)"],
            wrongStamp("share(_:image:)", posted: client.texts.first, expected: "Look (2016-06-18 00:00 UTC)", realTime: [before, after])
        )
    }

    func testTheClockIsAskedAtEachPost() throws {
        let client = TextRecordingClient()
        let presenter = SocialPresenter(client: client, clock: SteppingClock())
        try presenter.share("First")
        try presenter.share("Second")
        XCTAssertEqual(
            client.texts, ["First (1970-01-01 00:01 UTC)", "Second (1970-01-01 00:02 UTC)"],
            "The presenter should ask its clock for the time at every post, not once (in init, or in a lazy var that keeps its first answer): with a clock that moves one minute each time it is asked, it posted \(client.texts)"
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
