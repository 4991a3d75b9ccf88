import XCTest
import Domain

/// Checks of the spy itself: a spy that forgets what it saw would make every test built on it
/// meaningless, whatever the presenter does.
final class SpySocialClientChecks: XCTestCase {
    func testTheSpyRemembersATextPost() {
        let spy = SpySocialClient()
        XCTAssertFalse(spy.postWasCalled, "A new SpySocialClient should not claim that post was called")
        spy.post("Hi")
        XCTAssertTrue(spy.postWasCalled, "After post(\"Hi\"), the spy's postWasCalled should be true")
        XCTAssertEqual(spy.lastCall?.text, "Hi", "After post(\"Hi\"), the spy's lastCall should hold the text \"Hi\"")
        XCTAssertNil(spy.lastCall?.image, "After a text-only post, the spy's lastCall should hold no picture")
    }

    func testTheSpyRemembersAPicture() {
        let spy = SpySocialClient()
        spy.post("Look", image: Image(named: "cat.jpg"))
        XCTAssertTrue(spy.postWasCalled, "After post(_:image:), the spy's postWasCalled should be true")
        XCTAssertEqual(spy.lastCall?.text, "Look", "After post(\"Look\", image: …), lastCall should hold the text \"Look\"")
        XCTAssertEqual(spy.lastCall?.image, Image(named: "cat.jpg"), "After post(_:image:), lastCall should hold the picture")
    }
}
