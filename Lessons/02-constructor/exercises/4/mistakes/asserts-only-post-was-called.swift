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

/// Tests of `SocialPresenter` (the one in this exercise, shown by `exercise`).
final class SocialPresenterTests: XCTestCase {
    func testSharingPostsTheStampedTextThroughTheOutput() throws {
        let client = SpySocialClient()
        let presenter = SocialPresenter(output: client, clock: try FixedClock(day: "2016-06-18"))

        try presenter.share("Hello")

        XCTAssertTrue(client.postWasCalled, "share should post through the output it was given")
    }

    func testSharingAPicturePostsTheTextWithThePicture() throws {
        let client = SpySocialClient()
        let presenter = SocialPresenter(output: client, clock: try FixedClock(day: "2016-06-18"))

        try presenter.share("Look", image: Image(named: "cat.jpg"))

        XCTAssertTrue(client.postWasCalled, "share(_:image:) should post through the output it was given")
    }
}
