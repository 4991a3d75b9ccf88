import XCTest
import ViperRouter

/// Checks on the learner's spy itself; the learner's own tests are judged against the
/// presenter and its mutants.
final class SpyRouterChecks: XCTestCase {
    func testTheSpyRemembersEveryDetailItIsAskedFor() {
        let ada = User(id: 1, name: "Ada Lovelace", handle: "@ada", bio: "")
        let grace = User(id: 2, name: "Grace Hopper", handle: "@grace", bio: "")
        let spy = SpyUserRouter()
        spy.showDetail(for: grace)
        spy.showDetail(for: ada)
        XCTAssertEqual(
            spy.shownUsers, [grace, ada],
            "(A check on your spy, not one of your tests.) SpyUserRouter.showDetail(for:) should append each user to `shownUsers`, in order, so a test can read them back"
        )
    }
}
