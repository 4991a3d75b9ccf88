import Domain
import XCTest

/// A stand-in client for tests: it sends nothing and keeps the text of every post, in order.
final class SpySocialClient: SocialPostOutput {
    /// The text of every post so far, oldest first.
    private(set) var texts: [String] = []

    func post(_ text: String) {
        // TODO: keep the text.
    }

    func post(_ text: String, image: Image) {
        // TODO: keep the text here too.
    }
}

/// Tests of the setter-injected `SocialPresenter` (the one in this exercise, shown by
/// `exercise`): a presenter made by `SocialPresenter()`, whose `output` is assigned later.
final class SetterInjectionTests: XCTestCase {
    func testSharingBeforeTheOutputIsSetThrows() {
        let presenter = SocialPresenter()
        // TODO: nothing was assigned to `presenter.output`. Assert that `share(_:)` and
        // `share(_:image:)` both throw `SocialPresenterError.outputNotSet` instead of
        // returning quietly.
        _ = presenter
    }

    func testSharingAfterTheOutputIsSetPostsThroughIt() throws {
        // TODO: assign a spy to `output`, share once, and check what the spy kept.
    }

    func testALaterAssignmentRedirectsThePosts() throws {
        // TODO: share through one spy, assign a second spy, share again, and check that each
        // spy received exactly the post meant for it.
    }
}
