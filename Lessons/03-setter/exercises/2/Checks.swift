import XCTest
import Domain

/// A client written for these checks: it sends nothing at all.
final class QuietOutput: SocialPostOutput {
    func post(_ text: String) {}
    func post(_ text: String, image: Image) {}
}

/// A client written for these checks: it sends nothing and remembers the texts.
final class TextRecordingOutput: SocialPostOutput {
    private(set) var texts: [String] = []
    func post(_ text: String) { texts.append(text) }
    func post(_ text: String, image: Image) { texts.append(text) }
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

final class LocalDefaultChecks: XCTestCase {
    func testTheLoggerPrintsUnlessReplaced() {
        let logger = SocialPresenter().logger
        XCTAssertTrue(
            logger is ConsoleLogger,
            logger is PrintLogger
                ? "A new SocialPresenter's logger is Domain's PrintLogger: a concrete type from another module as a default is a Foreign Default, and the presenter still chooses for every caller who leaves it alone. Use the Local Default your file declares: `var logger: any Logger = ConsoleLogger()`"
                : "A new SocialPresenter's logger should be a ConsoleLogger by default, the Local Default your file declares, so nobody has to set one"
        )
    }

    func testTheLoggerIsNeverMissing() {
        let logger = Mirror(reflecting: SocialPresenter()).children.first { $0.label == "logger" }
        XCTAssertFalse(
            logger.map { Mirror(reflecting: $0.value).displayStyle == .optional } ?? false,
            "`logger` is optional, so the presenter logs with `logger?.…`, and a logger set to nil silences it without a word: the silent no-op again. With a default it is never missing: declare `var logger: any Logger = ConsoleLogger()` and log with `logger.info(…)`, no `?.`"
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
            logger.entries.isEmpty
                ? "Two successful shares, and nothing reached the logger that was assigned: log through the `logger` property, not a logger made on the spot or print()"
                : "Each successful share should log `shared \"<stamped text>\"` once, at info level, through the logger that was set"
        )
    }

    func testTheLogShowsExactlyWhatWasPosted() throws {
        let presenter = SocialPresenter()
        let logger = RecordingLogger()
        let output = TextRecordingOutput()
        presenter.logger = logger
        presenter.output = output
        presenter.clock = MinuteStepClock()
        try presenter.share("Hello")
        try presenter.share("Look", image: Image(named: "cat.jpg"))
        XCTAssertEqual(
            logger.messages(at: .info), output.texts.map { "shared \"\($0)\"" },
            "With a clock that moves one minute each time it is asked, the posts were \(output.texts) but the log said \(logger.messages(at: .info)). Stamp the text once, keep it in a constant, and use it for both the post and the log line."
        )
    }

    func testAMissingOutputIsLoggedAsAnError() {
        let presenter = SocialPresenter()
        let logger = RecordingLogger()
        presenter.logger = logger
        XCTAssertThrowsError(try presenter.share("Hello"), "share without an output should still throw SocialPresenterError.outputNotSet") { error in
            XCTAssertEqual(error as? SocialPresenterError, .outputNotSet, "share without an output should throw SocialPresenterError.outputNotSet itself, not another error: it threw \(error)")
        }
        XCTAssertThrowsError(try presenter.share("Look", image: Image(named: "cat.jpg")), "share(_:image:) without an output should throw SocialPresenterError.outputNotSet too, not swallow it") { error in
            XCTAssertEqual(error as? SocialPresenterError, .outputNotSet, "share(_:image:) without an output should throw SocialPresenterError.outputNotSet; it threw \(error)")
        }
        XCTAssertEqual(logger.messages(at: .error).count, 2, "Each share without an output should log its error once")
    }

    func testAMissingOutputIsLoggedOnceAsAnErrorAndNotAsShared() {
        let presenter = SocialPresenter()
        let logger = RecordingLogger()
        presenter.logger = logger
        _ = try? presenter.share("Hello")
        XCTAssertEqual(
            logger.messages(at: .error), [SocialPresenterError.outputNotSet.description],
            "A share without an output should log the error's description once, at error level"
        )
        XCTAssertEqual(logger.messages(at: .info), [], "A share that failed should not log `shared …`: log after the post has gone out")
    }
}
