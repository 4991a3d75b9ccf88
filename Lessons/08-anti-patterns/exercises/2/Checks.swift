import XCTest
import Domain

/// Runs after your tests, on the correct code: whatever your tests did, the real clock must be
/// current again, or the next test would run on their fake time.
final class NothingLeftBehindChecks: XCTestCase {
    func testYourTestsLeaveTheRealClockInPlace() {
        let current = TimeProvider.current
        XCTAssertTrue(
            current is SystemClock,
            "After your tests ran, TimeProvider.current held a \(type(of: current)), not the real clock: one of your tests set the ambient clock and never put it back, so every test after it would run on its fake time. That is the leak this exercise is about. Change the clock only inside TimeProvider.using(_:_:)."
        )
    }
}
