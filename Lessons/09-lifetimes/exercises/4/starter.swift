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

        // TODO: what should the spy have received, and what should the logger hold, at which
        // level, in which order?
    }

    func testAFailureIsLoggedAsAnErrorAndThrownOnUnchanged() {
        // TODO: make the spy fail with NetworkDown(), post, and check the error the caller
        // gets, what the spy received, and what was logged. Then post a text with a picture
        // through the failing spy: that takes its own path, and must fail alike.
    }

    func testAPostWithAPictureKeepsItsPictureAndIsLogged() throws {
        // TODO: post a text with a picture, and check what the spy and the logger got.
    }
}
