import XCTest
import AntiPatternsLesson
import Domain

/// An output whose network is down: every post fails.
struct DownOutput: SocialPostOutput {
    struct NetworkDown: Error, CustomStringConvertible {
        var description: String { "the network is down" }
    }

    func post(_ text: String) throws { throw NetworkDown() }
    func post(_ text: String, image: Image) throws { throw NetworkDown() }
}

/// A clock that moves on one minute every time it is asked, from 2016-06-18 00:00 UTC. It notes
/// when it is read while it is itself `TimeProvider.current`: the presenter then made its clock
/// the ambient one and read that.
final class MinuteClock: Clock, @unchecked Sendable {
    private var next = Date(timeIntervalSince1970: 1_466_208_000)
    private(set) var readAsTheAmbientClock = false

    func now() -> Date {
        if (TimeProvider.current as? MinuteClock) === self { readAsTheAmbientClock = true }
        defer { next += 60 }
        return next
    }
}

/// 2016-06-18 00:00 UTC.
let checksDay = FixedClock(date: Date(timeIntervalSince1970: 1_466_208_000))

/// Shares once, and turns a question to a service locator into a failure that says so.
func shareAskingNoLocator(_ presenter: SharePresenter, _ text: String) throws {
    do {
        try presenter.share(text)
    } catch let error as ServiceLocatorError {
        XCTFail("share still asked a service locator for what it needs, and failed: \(error). A presenter made with init(output:clock:logger:) must use the three it was given (ServiceLocator.shared is empty in these checks): delete every `resolve` from SharePresenter.")
    }
}

/// Shares once; false when `share` asked a service locator, which other checks report (the
/// wiring rule, 'sharing posts the stamped text…', 'the presenter needs no locator…'): a check
/// about the clock or the log then has nothing to judge, and stays quiet rather than fail for
/// a reason its hint is not about.
func sharedWithoutALocator(_ presenter: SharePresenter, _ text: String) throws -> Bool {
    do {
        try presenter.share(text)
        return true
    } catch is ServiceLocatorError {
        return false
    }
}

final class SharePresenterChecks: XCTestCase {
    override func setUp() {
        ServiceLocator.shared.removeAll()
    }

    func testSharingPostsTheStampedTextThroughTheGivenOutput() throws {
        let output = RecordingOutput()
        let presenter = SharePresenter(output: output, clock: checksDay, logger: RecordingLogger())
        try shareAskingNoLocator(presenter, "Hello")
        XCTAssertEqual(output.texts, ["Hello (2016-06-18 00:00 UTC)"], "share should post the text, stamped by the clock it was given, once, through the output it was given")
    }

    func testEveryShareReadsTheClockAgain() throws {
        let output = RecordingOutput()
        let presenter = SharePresenter(output: output, clock: MinuteClock(), logger: RecordingLogger())
        guard try sharedWithoutALocator(presenter, "One"), try sharedWithoutALocator(presenter, "Two") else { return }
        XCTAssertEqual(
            output.texts, ["One (2016-06-18 00:00 UTC)", "Two (2016-06-18 00:01 UTC)"],
            "With a clock that moves on a minute each time it is asked, two shares should carry two times: ask clock.now() inside share, at each post, not once in init"
        )
    }

    func testSharingNeverMakesTheClockTheAmbientOne() throws {
        let clock = MinuteClock()
        let presenter = SharePresenter(output: RecordingOutput(), clock: clock, logger: RecordingLogger())
        try shareAskingNoLocator(presenter, "Hello")
        XCTAssertFalse(clock.readAsTheAmbientClock, "share made its clock the ambient one (`TimeProvider.using(clock) { … }` or `TimeProvider.current = clock`) and read `TimeProvider.current`: while it runs, the rest of the app sees the presenter's clock too. Call `clock.now()` directly.")
    }

    func testASuccessfulShareIsLoggedAtInfoLevel() throws {
        let logger = RecordingLogger()
        let presenter = SharePresenter(output: RecordingOutput(), clock: checksDay, logger: logger)
        try shareAskingNoLocator(presenter, "Hello")
        XCTAssertEqual(logger.messages(at: .info), ["shared: Hello (2016-06-18 00:00 UTC)"], "A share should be logged once, at info level, through the logger the presenter was given")
    }

    func testAFailingPostIsLoggedAndItsErrorStillReachesTheCaller() throws {
        let logger = RecordingLogger()
        let presenter = SharePresenter(output: DownOutput(), clock: checksDay, logger: logger)
        var thrown: (any Error)?
        XCTAssertThrowsError(try presenter.share("Hello"), "When the output fails, share should still throw its error to the caller, as it did before the refactoring; do not swallow it") { error in
            thrown = error
        }
        // A presenter that still asks a locator: the checks about the locator say so.
        if thrown is ServiceLocatorError { return }
        if let thrown, !(thrown is DownOutput.NetworkDown) {
            return XCTFail("share should throw the output's own error (the network is down) to the caller, not another one: it threw \(thrown)")
        }
        XCTAssertEqual(logger.messages(at: .error), ["could not share: the network is down"], "A failing post should be logged at error level first")
        XCTAssertEqual(logger.messages(at: .info), [], "A post that failed should not be logged as shared")
    }
}

final class ShareCompositionChecks: XCTestCase {
    override func setUp() {
        ServiceLocator.shared.removeAll()
    }

    /// A locator filled as the app's set-up fills it, with stand-ins.
    private func filledLocator(output: any SocialPostOutput, logger: any Logger, leavingOut: AppSetUp.Registration? = nil) -> ServiceLocator {
        let locator = ServiceLocator()
        AppSetUp.register(in: locator, output: output, clock: checksDay, logger: logger, leavingOut: leavingOut)
        return locator
    }

    func testTheRootBuildsThePresenterFromTheLocatorItIsGiven() throws {
        let output = RecordingOutput()
        let locator = filledLocator(output: output, logger: RecordingLogger())
        let presenter: SharePresenter
        do {
            presenter = try ShareComposition.makePresenter(from: locator)
        } catch {
            return XCTFail("makePresenter(from:) was given a locator with an output, a clock and a logger, and failed: \(error). Resolve from the `locator` it is given, not from ServiceLocator.shared (empty here).")
        }
        // Each check judges one thing, so that the hint written for it is about what is wrong:
        // a presenter that still asks a locator is 'the presenter needs no locator once it is
        // built's to report, and the stamp itself 'sharing posts the stamped text…'s.
        do {
            try presenter.share("Hello")
        } catch is ServiceLocatorError {
            return
        }
        XCTAssertEqual(
            output.texts.count, 1,
            "The presenter made by makePresenter(from:) should post once through the output registered in the locator it was given, but that output received \(output.texts.count) posts"
        )
        if let text = output.texts.first, text.hasSuffix(" UTC)") {
            XCTAssertTrue(
                text.hasSuffix("(2016-06-18 00:00 UTC)"),
                "The presenter made by makePresenter(from:) stamped its post \"\(text)\", not with the time of the clock registered in the locator (2016-06-18 00:00 UTC): pass the resolved clock to init(output:clock:logger:)"
            )
        }
    }

    func testThePresenterNeedsNoLocatorOnceItIsBuilt() throws {
        let output = RecordingOutput()
        let locator = filledLocator(output: output, logger: RecordingLogger())
        let presenter = try ShareComposition.makePresenter(from: locator)
        locator.removeAll()
        do {
            try presenter.share("Hello")
        } catch let error as ServiceLocatorError {
            return XCTFail("After makePresenter(from:) returned, the check emptied the locator, and share failed: \(error). The presenter still fetches what it needs from a locator while it runs, which makes it a Service Locator: resolve everything in makePresenter(from:), once, and pass it to init(output:clock:logger:).")
        }
        // Whether the post is stamped right is another check's to say.
        XCTAssertEqual(output.texts.count, 1, "The presenter should keep posting through the output it was built with, once, but that output received \(output.texts.count) posts")
    }

    func testAMissingRegistrationFailsAtLaunchNotAtTheFirstShare() {
        let locator = filledLocator(output: RecordingOutput(), logger: RecordingLogger(), leavingOut: .logger)
        XCTAssertThrowsError(
            try ShareComposition.makePresenter(from: locator),
            "With no logger registered, makePresenter(from:) should already fail, at launch, instead of returning a presenter that fails at the first share: resolve all three in makePresenter(from:)"
        ) { error in
            XCTAssertEqual(error as? ServiceLocatorError, .notRegistered("Logger"), "The error should name the missing registration")
        }
    }
}
