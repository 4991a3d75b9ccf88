import XCTest
import Domain

/// Checks of the spy itself (named `MockSocialClient` after the lesson's article): a spy that
/// forgets what it saw would make every test built on it meaningless, whatever the presenter
/// does.
final class MockSocialClientChecks: XCTestCase {
    func testTheMockRemembersATextPost() {
        let mock = MockSocialClient()
        XCTAssertFalse(mock.postWasCalled, "A new MockSocialClient should not claim that post was called")
        mock.post("Hi")
        XCTAssertTrue(mock.postWasCalled, "After post(\"Hi\"), the mock's postWasCalled should be true")
        XCTAssertEqual(mock.lastCall?.text, "Hi", "After post(\"Hi\"), the mock's lastCall should hold the text \"Hi\"")
        XCTAssertNil(mock.lastCall?.image, "After a text-only post, the mock's lastCall should hold no picture")
    }

    func testTheMockRemembersAPicture() {
        let mock = MockSocialClient()
        mock.post("Look", image: Image(named: "cat.jpg"))
        XCTAssertTrue(mock.postWasCalled, "After post(_:image:), the mock's postWasCalled should be true")
        XCTAssertEqual(mock.lastCall?.text, "Look", "After post(\"Look\", image: …), lastCall should hold the text \"Look\"")
        XCTAssertEqual(mock.lastCall?.image, Image(named: "cat.jpg"), "After post(_:image:), lastCall should hold the picture")
    }
}
