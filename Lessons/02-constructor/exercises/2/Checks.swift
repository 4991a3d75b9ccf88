import XCTest
import Domain

/// A client written for these checks: it sends nothing and only remembers the texts.
final class TextRecordingOutput: SocialPostOutput {
    private(set) var texts: [String] = []

    func post(_ text: String) {
        texts.append(text)
    }

    func post(_ text: String, image: Image) {
        texts.append(text)
    }
}

/// A clock that moves one minute further every time it is asked.
/// `@unchecked Sendable`: `Clock` asks for `Sendable`, and these checks use it from one thread.
final class MinuteStepClock: Clock, @unchecked Sendable {
    private var minutes = 0

    func now() -> Date {
        minutes += 1
        return Date(timeIntervalSince1970: TimeInterval(minutes * 60))
    }
}

final class InjectTheClockChecks: XCTestCase {
    func testAFixedClockMakesEveryStampKnownInAdvance() throws {
        let output = TextRecordingOutput()
        let presenter = SocialPresenter(output: output, clock: try FixedClock(day: "2016-06-18"))
        try presenter.share("Hello")
        try presenter.share("Look", image: Image(named: "cat.jpg"))
        XCTAssertEqual(
            output.texts, ["Hello (2016-06-18 00:00 UTC)", "Look (2016-06-18 00:00 UTC)"],
            "With clock: FixedClock(day: \"2016-06-18\"), both share methods should stamp 2016-06-18 00:00 UTC"
        )
    }

    func testTheClockIsAskedAtEveryPost() throws {
        let output = TextRecordingOutput()
        let presenter = SocialPresenter(output: output, clock: MinuteStepClock())
        try presenter.share("First")
        try presenter.share("Second")
        XCTAssertEqual(
            output.texts, ["First (1970-01-01 00:01 UTC)", "Second (1970-01-01 00:02 UTC)"],
            "The presenter should ask its clock for the time at every post, not once when it is created"
        )
    }
}
