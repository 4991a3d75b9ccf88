import Domain
import Foundation
import LifetimesLesson
import XCTest

/// The checks' fake clock: waiting takes no time, and every wait is written down. After 8
/// waits it throws, so that a retry that never stops fails a check instead of running for ever.
/// `@unchecked Sendable`: `Clock` asks for `Sendable`, and these checks use it from one thread.
final class CheckClock: WaitingClock, @unchecked Sendable {
    struct KeptRetrying: Error, CustomStringConvertible {
        var description: String {
            "the checks' clock stopped your retry after 8 waits: it never stops trying (give up after `attempts` tries)"
        }
    }

    private(set) var waits: [Duration] = []
    private let start = Date(timeIntervalSince1970: 1_466_208_000)

    func now() -> Date {
        start + waits.reduce(0) { $0 + Double($1.components.seconds) + Double($1.components.attoseconds) / 1e18 }
    }

    func sleep(for duration: Duration) throws {
        guard waits.count < 8 else { throw KeptRetrying() }
        waits.append(duration)
    }
}

/// A clock whose every wait is cut short, as when the task that waits has been cancelled.
struct CancelledClock: WaitingClock {
    func now() -> Date { Date(timeIntervalSince1970: 1_466_208_000) }
    func sleep(for duration: Duration) throws { throw CancellationError() }
}

/// An output whose first `failures` tries fail, each with an error that says which try it was.
final class ScriptedOutput: SocialPostOutput {
    struct Failure: Error, Equatable, CustomStringConvertible {
        let tryNumber: Int
        var description: String { "the network failed try \(tryNumber)" }
    }

    private let failures: Int
    /// Every try, in order: the text, with ` + picture` for a post with a picture.
    private(set) var tries: [String] = []

    init(failures: Int) {
        self.failures = failures
    }

    func post(_ text: String) throws {
        try attempt(text)
    }

    func post(_ text: String, image: Image) throws {
        try attempt("\(text) + \(image.name)")
    }

    private func attempt(_ what: String) throws {
        tries.append(what)
        if tries.count <= failures { throw Failure(tryNumber: tries.count) }
    }
}

/// `1 time`, `4 times`.
func times(_ count: Int) -> String {
    count == 1 ? "1 time" : "\(count) times"
}

final class RetryChecks: XCTestCase {
    /// Small on purpose: a retry that sleeps for real still finishes quickly, and fails by name.
    let firstDelay = Duration.milliseconds(20)

    func retrying(_ inner: ScriptedOutput, clock: CheckClock, attempts: Int = 3) -> RetryingOutput {
        RetryingOutput(wrapping: inner, clock: clock, attempts: attempts, firstDelay: firstDelay)
    }

    func testAPostThatGoesThroughIsSentOnceWithoutWaiting() throws {
        let inner = ScriptedOutput(failures: 0)
        let clock = CheckClock()
        try retrying(inner, clock: clock).post("Hello")
        XCTAssertEqual(inner.tries, ["Hello"], "A post that goes through at the first try should be sent once, and then the retry stops (return after a try that succeeds)")
        XCTAssertEqual(clock.waits, [], "A post that goes through at the first try should not wait at all")
    }

    func testAFailedPostIsTriedAgainAfterWaitingOnTheClock() {
        let inner = ScriptedOutput(failures: 1)
        let clock = CheckClock()
        XCTAssertNoThrow(try retrying(inner, clock: clock).post("Hello"), "The network failed once and the second try went through, so post should not throw")
        XCTAssertEqual(inner.tries, ["Hello", "Hello"], "After one failure the post should be tried again, once")
        XCTAssertEqual(
            clock.waits, [firstDelay],
            "Between the two tries the retry should wait firstDelay on the injected clock, with `try clock.sleep(for: delay)`. The clock was asked to wait \(clock.waits). A retry that calls Thread.sleep or usleep waits for real: every test of it takes real time, and nothing can check how long it waited"
        )
    }

    func testEachWaitIsTwiceTheOneBefore() {
        let inner = ScriptedOutput(failures: 3)
        let clock = CheckClock()
        XCTAssertNoThrow(try retrying(inner, clock: clock, attempts: 5).post("Hello"), "The network failed 3 times and the fourth try went through (attempts: 5), so post should not throw")
        XCTAssertEqual(inner.tries.count, 4, "Three failures, then the fourth try went through: 4 tries")
        XCTAssertEqual(
            clock.waits, [firstDelay, firstDelay * 2, firstDelay * 4],
            "Back-off: wait firstDelay after the first failure, then twice as long after each failure after that (\(firstDelay), \(firstDelay * 2), \(firstDelay * 4)); the clock was asked to wait \(clock.waits)"
        )
    }

    func testAfterTheLastTryTheLastErrorIsThrown() {
        let inner = ScriptedOutput(failures: .max)
        let clock = CheckClock()
        XCTAssertThrowsError(try retrying(inner, clock: clock, attempts: 3).post("Hello"), "All 3 tries failed, yet post returned as if the post went out: the retry swallowed the error. After the last try, throw its error") { error in
            XCTAssertEqual(
                error as? ScriptedOutput.Failure, ScriptedOutput.Failure(tryNumber: 3),
                "After the last try, post should throw the error of that last try, as it is (here: the network failed try 3), so the caller sees what a caller without the decorator would see; it threw: \(error)"
            )
        }
        XCTAssertEqual(inner.tries.count, 3, "With attempts: 3 the post should be tried 3 times in all, the first one included; it was tried \(times(inner.tries.count))")
        XCTAssertEqual(
            clock.waits, [firstDelay, firstDelay * 2],
            "Three tries need two waits, one between each two tries; the retry waited \(clock.waits). If it waited after the last try too, that wait was for nothing: throw at once"
        )
    }

    func testOneAttemptMeansNoRetry() {
        let inner = ScriptedOutput(failures: .max)
        let clock = CheckClock()
        XCTAssertThrowsError(try retrying(inner, clock: clock, attempts: 1).post("Hello"), "With attempts: 1 and a failing network, post should throw") { error in
            XCTAssertEqual(error as? ScriptedOutput.Failure, ScriptedOutput.Failure(tryNumber: 1), "With attempts: 1, post should throw the one try's error; it threw: \(error)")
        }
        XCTAssertEqual(inner.tries.count, 1, "With attempts: 1 the post should be tried once, not retried")
        XCTAssertEqual(clock.waits, [], "With attempts: 1 there is nothing to wait for")
    }

    func testPicturesAreRetriedToo() {
        let inner = ScriptedOutput(failures: 1)
        let clock = CheckClock()
        XCTAssertNoThrow(try retrying(inner, clock: clock).post("Look", image: Image(named: "cat.jpg")), "post(_:image:) should retry like post(_:): the second try went through, so it should not throw")
        XCTAssertEqual(inner.tries, ["Look + cat.jpg", "Look + cat.jpg"], "post(_:image:) should retry like post(_:), with the picture every time")
        XCTAssertEqual(clock.waits, [firstDelay], "post(_:image:) should wait on the clock between tries, like post(_:)")
    }

    func testAPictureWhoseTriesAllFailThrowsTheLastError() {
        let inner = ScriptedOutput(failures: .max)
        let clock = CheckClock()
        XCTAssertThrowsError(try retrying(inner, clock: clock, attempts: 2).post("Look", image: Image(named: "dog.png")), "All 2 tries of the picture failed, yet post(_:image:) returned as if it went out: it swallowed the error. After the last try, throw its error, as post(_:) does") { error in
            XCTAssertEqual(error as? ScriptedOutput.Failure, ScriptedOutput.Failure(tryNumber: 2), "post(_:image:) should throw the last try's error as it is; it threw: \(error)")
        }
        XCTAssertEqual(inner.tries, ["Look + dog.png", "Look + dog.png"], "With attempts: 2 the picture should be tried twice")
    }

    func testACancelledWaitStopsTheRetry() {
        let inner = ScriptedOutput(failures: .max)
        let retry = RetryingOutput(wrapping: inner, clock: CancelledClock(), attempts: 3, firstDelay: firstDelay)
        XCTAssertThrowsError(try retry.post("Hello")) { error in
            if error as? ScriptedOutput.Failure == ScriptedOutput.Failure(tryNumber: 1) {
                return XCTFail("post threw the first try's error without waiting on the clock at all: once your retry waits between tries, a wait that throws (the share was cancelled) must stop it")
            }
            XCTAssertTrue(
                error is CancellationError,
                "When the clock's wait throws (the share was cancelled), the retry should stop and throw that error: write `try clock.sleep(for: delay)`; `try?` ignores the cancellation and tries again. It threw: \(error)"
            )
        }
        XCTAssertEqual(inner.tries.count, 1, "After a cancelled wait there should be no further try; the post was tried \(times(inner.tries.count))")
    }
}
