import Domain
import XCTest

/// A stand-in for a real client: it sends nothing, and remembers how it was called, so a test
/// can ask it afterwards. That makes it a spy, in Meszaros' terms. (The article this lesson
/// grew from calls such a double a mock, loosely.)
final class SpySocialClient: SocialPostOutput {
    /// Whether either `post` method was called.
    private(set) var postWasCalled = false
    /// The arguments of the latest call: its text, and its picture if it had one.
    private(set) var lastCall: (text: String, image: Image?)?

    func post(_ text: String) {
        // TODO: remember that this was called, and with which text.
    }

    func post(_ text: String, image: Image) {
        // TODO: remember that this was called, with which text and which picture.
    }
}

/// A stub that answers every post with an error, as a network that is down would: a saboteur,
/// in Meszaros' terms. With it, a test can see whether the presenter lets the error through.
struct FailingOutput: SocialPostOutput {
    struct NetworkDown: Error, Equatable {}

    func post(_ text: String) throws { throw NetworkDown() }
    func post(_ text: String, image: Image) throws { throw NetworkDown() }
}

/// Tests of `SocialPresenter` (the one in this exercise, shown by `exercise`).
final class SocialPresenterTests: XCTestCase {
    func testSharingPostsTheStampedTextThroughTheOutput() throws {
        let client = SpySocialClient()
        let presenter = SocialPresenter(output: client, clock: try FixedClock(day: "2016-06-18"))

        try presenter.share("Hello")

        // TODO: ask the spy what happened. Which text should it have received, and how often?
    }

    func testSharingAPicturePostsTheTextWithThePicture() throws {
        // TODO: share a text with a picture, then check that the spy received both.
    }

    func testAFailedPostReachesTheCaller() throws {
        // TODO: hand the presenter a FailingOutput, and check that both `share` methods throw
        // its NetworkDown error to you instead of swallowing it.
    }
}
