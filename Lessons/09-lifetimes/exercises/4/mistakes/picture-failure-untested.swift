import Domain
import XCTest

/// A stand-in for the network: it records every post it receives, and throws `failure` instead
/// when one is set. A spy, in Meszaros' terms, that can also be told what to throw.
final class SpyOutput: SocialPostOutput {
    /// Every post received, in order: its text, with ` + picture` for a post with a picture.
    private(set) var received: [String] = []
    /// When set, every post throws it (and nothing is recorded).
    var failure: (any Error)?

    func post(_ text: String) throws {
        if let failure { throw failure }
        received.append(text)
    }

    func post(_ text: String, image: Image) throws {
        if let failure { throw failure }
        received.append("\(text) + \(image.name)")
    }
}

/// The error the spy throws in these tests: `==` tells it from any other error.
struct NetworkDown: Error, Equatable {}

/// Tests of `LoggingOutput` (the one in this exercise: `exercise` says what it does).
final class LoggingOutputTests: XCTestCase {
    func testAPostIsForwardedAndLogged() throws {
        let spy = SpyOutput()
        let logger = RecordingLogger()
        let output = LoggingOutput(wrapping: spy, logger: logger)

        try output.post("Hello")

        XCTAssertEqual(spy.received, ["Hello"], "the post should reach the wrapped output once, unchanged")
        XCTAssertEqual(logger.entries, [
            LogEntry(level: .info, message: "posting \"Hello\""),
            LogEntry(level: .info, message: "posted \"Hello\""),
        ], "a post is logged before it goes out, and again once it went")
    }

    func testAFailureIsLoggedAsAnErrorAndThrownOnUnchanged() {
        let spy = SpyOutput()
        spy.failure = NetworkDown()
        let logger = RecordingLogger()
        let output = LoggingOutput(wrapping: spy, logger: logger)

        XCTAssertThrowsError(try output.post("Hello"), "the output's failure should reach the caller") { error in
            XCTAssertEqual(error as? NetworkDown, NetworkDown(), "the caller should get the output's own error, unchanged")
        }
        XCTAssertEqual(spy.received, [], "a failed post was received by nobody")
        XCTAssertEqual(logger.entries, [
            LogEntry(level: .info, message: "posting \"Hello\""),
            LogEntry(level: .error, message: "could not post \"Hello\": NetworkDown()"),
        ], "a failure is logged as an error, and never as posted")
    }

    func testAPostWithAPictureKeepsItsPictureAndIsLogged() throws {
        let spy = SpyOutput()
        let logger = RecordingLogger()
        let output = LoggingOutput(wrapping: spy, logger: logger)

        try output.post("Look", image: Image(named: "cat.jpg"))

        XCTAssertEqual(spy.received, ["Look + cat.jpg"], "the post should reach the wrapped output once, with its picture")
        XCTAssertEqual(logger.entries, [
            LogEntry(level: .info, message: "posting \"Look\" with cat.jpg"),
            LogEntry(level: .info, message: "posted \"Look\" with cat.jpg"),
        ], "a post with a picture is logged like any other, naming the picture")
    }
}
