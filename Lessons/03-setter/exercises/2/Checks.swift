import XCTest
import Domain

/// A client written for these checks: it sends nothing at all.
final class QuietOutput: SocialPostOutput {
    func post(_ text: String) {}
    func post(_ text: String, image: Image) {}
}

final class LocalDefaultChecks: XCTestCase {
    func testTheLoggerPrintsUnlessReplaced() {
        let presenter = SocialPresenter()
        XCTAssertTrue(
            presenter.logger is PrintLogger,
            "A new SocialPresenter's logger should be a PrintLogger by default, so nobody has to set one"
        )
    }

    func testEachPostIsLoggedThroughAReplacedLogger() throws {
        let presenter = SocialPresenter()
        let logger = RecordingLogger()
        presenter.logger = logger
        presenter.output = QuietOutput()
        presenter.clock = try FixedClock(day: "2016-06-18")
        try presenter.share("Hello")
        try presenter.share("Look", image: Image(named: "cat.jpg"))
        XCTAssertEqual(
            logger.messages(at: .info),
            ["shared \"Hello (2016-06-18 00:00 UTC)\"", "shared \"Look (2016-06-18 00:00 UTC)\""],
            "Each successful share should log `shared \"<stamped text>\"` once, at info level, through the logger that was set"
        )
    }

    func testAMissingOutputIsLoggedAsAnError() {
        let presenter = SocialPresenter()
        let logger = RecordingLogger()
        presenter.logger = logger
        XCTAssertThrowsError(try presenter.share("Hello"), "share without an output should still throw SocialPresenterError.outputNotSet")
        XCTAssertEqual(
            logger.messages(at: .error), [SocialPresenterError.outputNotSet.description],
            "A share without an output should log the error's description once, at error level"
        )
        XCTAssertEqual(logger.messages(at: .info), [], "A share that failed should not log `shared …`")
    }
}
