import XCTest
import Domain

/// A client written for these checks: it sends nothing and only remembers the texts.
final class DraftRecordingOutput: SocialPostOutput {
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
final class AskedClock: Clock, @unchecked Sendable {
    private(set) var timesAsked = 0

    func now() -> Date {
        timesAsked += 1
        return Date(timeIntervalSince1970: 1_466_208_000)  // 2016-06-18 00:00 UTC
    }
}

/// A clock the checks set by hand.
/// `@unchecked Sendable`: `Clock` asks for `Sendable`, and these checks use it from one thread.
final class SetClock: Clock, @unchecked Sendable {
    var date: Date

    init(_ date: Date) {
        self.date = date
    }

    func now() -> Date { date }
}

/// An output whose network is down: every post fails.
struct DownOutput: SocialPostOutput {
    struct NetworkDown: Error {}
    func post(_ text: String) throws { throw NetworkDown() }
    func post(_ text: String, image: Image) throws { throw NetworkDown() }
}

final class HandTheOutputToTheDraftChecks: XCTestCase {
    func testAFailedPostReachesTheCaller() {
        let presenter = SocialPresenter(output: DownOutput(), clock: SetClock(Date(timeIntervalSince1970: 1_600_000_000)))
        for (name, send) in [
            ("Draft.send(through:)", { try self.drafts[1].send(through: DownOutput()) }),
            ("sendDrafts(_:)", { try presenter.sendDrafts(self.drafts) }),
            ("share(_:)", { try presenter.share("Now") }),
        ] as [(String, () throws -> Void)] {
            XCTAssertThrowsError(try send(), "When the network fails, \(name) should throw its error to the caller, not swallow it (no `try?`, no empty `catch`)") { error in
                XCTAssertTrue(error is DownOutput.NetworkDown, "\(name) should throw the output's own error; it threw \(error)")
            }
        }
    }

    /// 2016-06-17 21:45 UTC and 21:55 UTC, the evening before the clock's day.
    private let drafts = [
        Draft(text: "Written last night", writtenAt: Date(timeIntervalSince1970: 1_466_199_900)),
        Draft(text: "And this one", writtenAt: Date(timeIntervalSince1970: 1_466_200_500)),
    ]
    private let expected = ["Written last night (2016-06-17 21:45 UTC)", "And this one (2016-06-17 21:55 UTC)"]

    func testADraftPostsThroughTheOutputItIsGiven() throws {
        let output = DraftRecordingOutput()
        try drafts[0].send(through: output)
        XCTAssertEqual(
            output.texts, [expected[0]],
            output.texts.isEmpty
                ? "Draft.send(through:) posted nothing through the output it was given. That output is the whole point: post the stamped text through it, `try output.post(…)`."
                : "Draft.send(through:) should post once, stamped with when the draft was written, but it posted \(output.texts)"
        )
    }

    func testSendDraftsSendsEachDraftOnceThroughThePresentersOutput() throws {
        let output = DraftRecordingOutput()
        try SocialPresenter(output: output, clock: AskedClock()).sendDrafts(drafts)
        let message: String
        if output.texts.isEmpty {
            message = "sendDrafts(_:) posted nothing through the output passed to init(output:clock:). The presenter already has an output: hand it to each draft, `try draft.send(through: output)`."
        } else if output.texts.count > drafts.count {
            message = "sendDrafts(_:) posted \(output.texts.count) times for \(drafts.count) drafts: it should send each draft once. \(output.texts)"
        } else if output.texts.contains(where: { $0.hasSuffix("(2016-06-18 00:00 UTC)") }) {
            message = "sendDrafts(_:) posted \(output.texts), stamped with the clock's time: a draft says when it was written, so stamp each with its own writtenAt (Draft.send(through:) does)."
        } else {
            message = "sendDrafts(_:) should post each draft once, stamped with when it was written, but it posted \(output.texts)"
        }
        XCTAssertEqual(output.texts, expected, message)
    }

    func testShareStillStampsWithTheInjectedClockAtEachCall() throws {
        let output = DraftRecordingOutput()
        // 2019-08-02 07:05 UTC, then 2023-12-24 18:40 UTC: the clock the presenter was given.
        let clock = SetClock(Date(timeIntervalSince1970: 1_564_729_500))
        let presenter = SocialPresenter(output: output, clock: clock)
        try presenter.share("Morning")
        clock.date = Date(timeIntervalSince1970: 1_703_443_200)
        try presenter.share("Evening")
        XCTAssertEqual(
            output.texts, ["Morning (2019-08-02 07:05 UTC)", "Evening (2023-12-24 18:40 UTC)"],
            output.texts.isEmpty
                ? "share(_:) posted nothing through the output passed to init(output:clock:): it should still post the stamped text, as in the exercises before."
                : "share(_:) should stamp each post with the injected clock's time at that call, not the real time or a time read once: it posted \(output.texts)"
        )
    }

    func testSendingDraftsDoesNotAskTheClock() throws {
        let clock = AskedClock()
        try SocialPresenter(output: DraftRecordingOutput(), clock: clock).sendDrafts(drafts)
        XCTAssertEqual(
            clock.timesAsked, 0,
            "sendDrafts(_:) asked the clock \(clock.timesAsked) time(s). A draft already knows when it was written: stamp it with writtenAt, not with the clock's time."
        )
    }

    func testADraftHoldsNoService() {
        // By type as well as by value: an optional property that is still nil holds no client yet.
        let services = Mirror(reflecting: drafts[0]).children.filter { child in
            child.value is any SocialPostOutput || String(describing: type(of: child.value)).contains("SocialPostOutput")
        }
        XCTAssertTrue(
            services.isEmpty,
            "Draft stores a SocialPostOutput in `\(services.compactMap(\.label).joined(separator: "`, `"))`. A draft is data, kept in a list or on disk, and should not carry a client around: the output comes with the call, as the argument of send(through:). Remove the property."
        )
    }
}
