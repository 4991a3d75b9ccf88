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

/// A clock only these checks can make: finding it in a presenter proves the presenter was built
/// by the initializer below, not by one of the learner's.
struct ProbeClock: Clock {
    func now() -> Date { Date(timeIntervalSince1970: 0) }
}

extension SocialPresenter {
    /// Lets `SocialPresenter(output:)` compile whether or not the learner's clock has a default
    /// value. Swift prefers a non-generic initializer to this generic one, so this one is chosen
    /// only when the learner's `SocialPresenter` cannot be made without a clock, which is what
    /// the task asks for.
    convenience init<Marker: Sequence>(output: any SocialPostOutput, checksProbe marker: Marker = [()]) {
        self.init(output: output, clock: ProbeClock())
    }
}

/// An output whose network is down: every post fails.
struct DownOutput: SocialPostOutput {
    struct NetworkDown: Error {}
    func post(_ text: String) throws { throw NetworkDown() }
    func post(_ text: String, image: Image) throws { throw NetworkDown() }
}

final class InjectTheClockChecks: XCTestCase {
    func testAFailedPostReachesTheCaller() {
        let presenter = SocialPresenter(output: DownOutput(), clock: MinuteStepClock())
        XCTAssertThrowsError(try presenter.share("Hello"), "When the network fails, share(_:) should throw its error to the caller, not swallow it (no `try?`, no empty `catch`)") { error in
            XCTAssertTrue(error is DownOutput.NetworkDown, "share(_:) should throw the output's own error; it threw \(error)")
        }
        XCTAssertThrowsError(try presenter.share("Look", image: Image(named: "cat.jpg")), "When the network fails, share(_:image:) should throw its error to the caller, not swallow it (no `try?`, no empty `catch`)") { error in
            XCTAssertTrue(error is DownOutput.NetworkDown, "share(_:image:) should throw the output's own error; it threw \(error)")
        }
    }

    /// Why `text`, posted by `call` with a clock stopped at 2016-06-18, is not the expected one.
    private func wrongStamp(_ call: String, posted text: String?, expected: String, realTime: [String]) -> String {
        guard let text else { return "\(call) should post once through the output, stamped \"\(expected)\", but it posted nothing" }
        if realTime.contains(where: { text.hasSuffix("(\($0))") }) {
            return "\(call) with clock: FixedClock(day: \"2016-06-18\") posted \"\(text)\": that is the real time now, not the time of the clock passed to init(output:clock:). Keep the clock you receive and ask it (`clock.now()`) instead of SystemClock() or Date()."
        }
        return "\(call) with clock: FixedClock(day: \"2016-06-18\") should post \"\(expected)\", but posted \"\(text)\""
    }

    func testTheClockHasNoDefault() {
        let presenter: SocialPresenter = SocialPresenter(output: TextRecordingOutput())
        let clocks = Mirror(reflecting: presenter).children.map(\.value).filter { $0 is any Clock }
        XCTAssertTrue(
            clocks.contains { $0 is ProbeClock },
            "SocialPresenter(output:) still compiles and makes a presenter with a \(clocks.first.map { "\(type(of: $0))" } ?? "clock") it chose itself. Remove the default value of `clock`: `init(output: any SocialPostOutput, clock: any Clock)`, so that nobody can forget to choose a clock."
        )
    }

    func testAFixedClockMakesEveryStampKnownInAdvance() throws {
        let output = TextRecordingOutput()
        let presenter = SocialPresenter(output: output, clock: try FixedClock(day: "2016-06-18"))
        let before = Date().utcStamp
        try presenter.share("Hello")
        let after = Date().utcStamp
        XCTAssertEqual(
            output.texts, ["Hello (2016-06-18 00:00 UTC)"],
            wrongStamp("share(\"Hello\")", posted: output.texts.first, expected: "Hello (2016-06-18 00:00 UTC)", realTime: [before, after])
        )
    }

    func testAFixedClockStampsPicturesToo() throws {
        let output = TextRecordingOutput()
        let presenter = SocialPresenter(output: output, clock: try FixedClock(day: "2016-06-18"))
        let before = Date().utcStamp
        try presenter.share("Look", image: Image(named: "cat.jpg"))
        let after = Date().utcStamp
        XCTAssertEqual(
            output.texts, ["Look (2016-06-18 00:00 UTC)"],
            wrongStamp("share(_:image:)", posted: output.texts.first, expected: "Look (2016-06-18 00:00 UTC)", realTime: [before, after])
        )
    }

    func testTheClockIsAskedAtEveryPost() throws {
        let output = TextRecordingOutput()
        let presenter = SocialPresenter(output: output, clock: MinuteStepClock())
        try presenter.share("First")
        try presenter.share("Second")
        XCTAssertEqual(
            output.texts, ["First (1970-01-01 00:01 UTC)", "Second (1970-01-01 00:02 UTC)"],
            "The presenter should ask its clock for the time at every post, not once (in init, or in a lazy var that keeps its first answer): with a clock that moves one minute each time it is asked, it posted \(output.texts)"
        )
    }
}
