import XCTest
import Domain

/// Checks of the spy itself: a spy that forgets what it saw would make every test built on it
/// meaningless, whatever the presenter does.
final class SpySocialClientChecks: XCTestCase {
    func testTheSpyKeepsEveryTextInOrder() {
        let spy = SpySocialClient()
        spy.post("One")
        spy.post("Two", image: Image(named: "cat.jpg"))
        XCTAssertEqual(
            spy.texts, ["One", "Two"],
            "After post(\"One\") and post(\"Two\", image: …), the spy's texts should be [\"One\", \"Two\"]"
        )
    }
}
