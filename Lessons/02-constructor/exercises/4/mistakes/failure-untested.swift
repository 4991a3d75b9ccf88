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
    /// How many times either `post` method was called. Without it, one post and two identical
    /// posts look the same.
    private(set) var postCallCount = 0

    func post(_ text: String) {
        record(text, image: nil)
    }

    func post(_ text: String, image: Image) {
        record(text, image: image)
    }

    private func record(_ text: String, image: Image?) {
        postWasCalled = true
        postCallCount += 1
        lastCall = (text: text, image: image)
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

        XCTAssertTrue(client.postWasCalled, "share should post through the output it was given")
        XCTAssertEqual(client.postCallCount, 1, "share should post exactly once")
        XCTAssertEqual(client.lastCall?.text, "Hello (2016-06-18 00:00 UTC)", "the post should be the text, stamped by the injected clock")
        XCTAssertNil(client.lastCall?.image, "a text-only share should post no picture")
    }

    func testSharingAPicturePostsTheTextWithThePicture() throws {
        let client = SpySocialClient()
        let presenter = SocialPresenter(output: client, clock: try FixedClock(day: "2016-06-18"))

        try presenter.share("Look", image: Image(named: "cat.jpg"))

        XCTAssertEqual(client.postCallCount, 1, "share(_:image:) should post exactly once")
        XCTAssertEqual(client.lastCall?.text, "Look (2016-06-18 00:00 UTC)")
        XCTAssertEqual(client.lastCall?.image, Image(named: "cat.jpg"), "the picture should reach the output")
    }

    func testAFailedPostReachesTheCaller() throws {
        // TODO: hand the presenter a FailingOutput, and check that both `share` methods throw
        // its NetworkDown error to you instead of swallowing it.
    }
}
