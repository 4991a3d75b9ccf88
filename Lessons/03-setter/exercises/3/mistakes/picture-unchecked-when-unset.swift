import Domain
import XCTest

/// A stand-in client for tests: it sends nothing and keeps the text of every post, in order.
final class SpySocialClient: SocialPostOutput {
    /// The text of every post so far, oldest first.
    private(set) var texts: [String] = []

    func post(_ text: String) {
        texts.append(text)
    }

    func post(_ text: String, image: Image) {
        texts.append(text)
    }
}

/// Tests of the setter-injected `SocialPresenter` (the one in this exercise, shown by
/// `exercise`): a presenter made by `SocialPresenter()`, whose `output` is assigned later.
final class SetterInjectionTests: XCTestCase {
    func testSharingBeforeTheOutputIsSetThrows() {
        let presenter = SocialPresenter()
        XCTAssertThrowsError(try presenter.share("Hello"), "share must not pretend to post when no output was set") { error in
            XCTAssertEqual(error as? SocialPresenterError, .outputNotSet)
        }
    }

    func testSharingAfterTheOutputIsSetPostsThroughIt() throws {
        let presenter = SocialPresenter()
        let spy = SpySocialClient()
        presenter.output = spy
        presenter.clock = try FixedClock(day: "2016-06-18")

        try presenter.share("Hello")

        XCTAssertEqual(spy.texts, ["Hello (2016-06-18 00:00 UTC)"])
    }

    func testALaterAssignmentRedirectsThePosts() throws {
        let presenter = SocialPresenter()
        presenter.clock = try FixedClock(day: "2016-06-18")
        let first = SpySocialClient()
        let second = SpySocialClient()

        presenter.output = first
        try presenter.share("One")
        presenter.output = second
        try presenter.share("Two")

        XCTAssertEqual(first.texts, ["One (2016-06-18 00:00 UTC)"], "the first post belongs to the first output")
        XCTAssertEqual(second.texts, ["Two (2016-06-18 00:00 UTC)"], "after the new assignment, posts go to the new output")
    }
}
