import XCTest
import Domain

/// Checks on the learner's mock itself, with a `fail` that collects the mock's verdicts instead
/// of failing these checks; the learner's own test is judged against the presenter's mutants.
final class MockOutputChecks: XCTestCase {
    /// A mock expecting `expected`, and the messages it failed with so far.
    private func makeMock(expecting expected: [String]) -> (MockOutput, () -> [String]) {
        var failures: [String] = []
        let mock = MockOutput(expecting: expected, fail: { failures.append($0) })
        return (mock, { failures })
    }

    func testTheMockFailsAtTheFirstPostItDidNotExpect() {
        let (mock, failures) = makeMock(expecting: ["Hello"])
        mock.post("Goodbye")
        let atOnce = failures()
        mock.verify()
        let afterVerify = failures()
        let message: String
        if afterVerify.isEmpty {
            message = "(A check on your mock, not your test.) MockOutput(expecting: [\"Hello\"]) received \"Goodbye\" and did not fail, not even in verify(): it only records, which makes it a spy. A mock judges each call itself: call `fail` when a post is not the next one expected."
        } else {
            message = "(A check on your mock, not your test.) MockOutput(expecting: [\"Hello\"]) received \"Goodbye\" and waited for verify() to fail. A mock fails at the first call it did not expect, so the failure points at that call: call `fail` in post."
        }
        XCTAssertFalse(atOnce.isEmpty, message)
    }

    func testTheMockFailsInVerifyWhenAnExpectedPostNeverCame() {
        let (mock, failures) = makeMock(expecting: ["Hello"])
        mock.verify()
        XCTAssertFalse(
            failures().isEmpty,
            "(A check on your mock, not your test.) MockOutput(expecting: [\"Hello\"]) received nothing, yet verify() did not fail. verify() should call `fail` when an expected post never came."
        )
    }

    func testTheMockFailsAtAPostAfterTheExpectedOnes() {
        let (mock, failures) = makeMock(expecting: ["Hello"])
        mock.post("Hello")
        mock.post("Hello")
        let atOnce = failures()
        mock.verify()
        let message = failures().isEmpty
            ? "(A check on your mock, not your test.) MockOutput(expecting: [\"Hello\"]) received \"Hello\" twice and did not fail. Tick each expected post off when it comes, so that a second one is unexpected."
            : "(A check on your mock, not your test.) MockOutput(expecting: [\"Hello\"]) received \"Hello\" twice and waited for verify() to fail. Fail at the post that was one too many."
        XCTAssertFalse(atOnce.isEmpty, message)
    }

    func testTheMockIsContentWithExactlyWhatItExpected() {
        let (mock, failures) = makeMock(expecting: ["Hello", "Look"])
        mock.post("Hello")
        mock.post("Look", image: Image(named: "cat.jpg"))
        mock.verify()
        XCTAssertEqual(
            failures(), [],
            "(A check on your mock, not your test.) MockOutput(expecting: [\"Hello\", \"Look\"]) received exactly those texts, in order (the second with a picture), and should not have failed"
        )
    }

    func testTheMockReportsThroughTheFailItWasGiven() {
        // An unexpected post must reach the `fail` this mock was made with; a mock that calls
        // XCTFail itself fails this check with its own message and leaves `failures` empty.
        let (mock, failures) = makeMock(expecting: [])
        mock.post("Surprise")
        mock.verify()
        XCTAssertFalse(
            failures().isEmpty,
            "(A check on your mock, not your test.) MockOutput(expecting: []) received \"Surprise\", and nothing reached the `fail` it was made with. Report every failure through the `fail` it was given (its default is XCTFail), not by calling XCTFail yourself: that is what lets a mock be checked."
        )
    }
}
