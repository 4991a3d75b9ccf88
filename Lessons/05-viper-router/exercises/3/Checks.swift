import XCTest
import ViperRouter

/// Checks on the learner's spy (`MockUserRouter`, named after the talk) itself; the learner's
/// own tests are judged against the presenter and its mutants.
final class MockRouterChecks: XCTestCase {
    func testTheMockRemembersEveryDetailItIsAskedFor() {
        let ada = User(id: 1, name: "Ada Lovelace", handle: "@ada", bio: "")
        let grace = User(id: 2, name: "Grace Hopper", handle: "@grace", bio: "")
        let mock = MockUserRouter()
        mock.showDetail(for: grace)
        mock.showDetail(for: ada)
        XCTAssertEqual(
            mock.shownUsers, [grace, ada],
            "(A check on your mock, not one of your tests.) MockUserRouter.showDetail(for:) should append each user to `shownUsers`, in order, so a test can read them back"
        )
    }
}
