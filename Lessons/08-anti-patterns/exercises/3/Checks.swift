import XCTest
import AntiPatternsLesson
import Domain

/// A clock the checks move by hand. It notes when it is read while it is itself the ambient
/// clock: the queue then made its clock `TimeProvider.current` and read that.
final class HandClock: Clock, @unchecked Sendable {
    var date: Date
    private(set) var readAsTheAmbientClock = false

    init(_ date: Date) {
        self.date = date
    }

    func now() -> Date {
        if (TimeProvider.current as? HandClock) === self { readAsTheAmbientClock = true }
        return date
    }
}

/// An output whose network is down: every post fails.
final class FailingOutput: SocialPostOutput {
    struct NetworkDown: Error {}
    private(set) var attempts = 0

    func post(_ text: String) throws {
        attempts += 1
        throw NetworkDown()
    }

    func post(_ text: String, image: Image) throws {
        attempts += 1
        throw NetworkDown()
    }
}

final class ScheduledPostQueueChecks: XCTestCase {
    /// 2016-06-18 00:00 UTC.
    private let start = Date(timeIntervalSince1970: 1_466_208_000)

    // These checks touch TimeProvider.current too, so each starts from the real clock: with an
    // ambient context, even checks must guard against what ran before them.
    override func setUp() {
        TimeProvider.current = SystemClock()
    }

    func testAPostWaitsUntilTheInjectedClockReachesItsTime() throws {
        let output = RecordingOutput()
        let clock = HandClock(start)
        let queue = ScheduledPostQueue(output: output, clock: clock)
        queue.schedule("Hello", after: 60)

        clock.date = start + 30
        XCTAssertEqual(try queue.publishDue(), 0, "30 seconds after scheduling, by the queue's clock, a post due after 60 seconds should still wait")
        clock.date = start + 60
        XCTAssertEqual(try queue.publishDue(), 1, "Once the queue's clock has moved on 60 seconds, the post should go out: ask clock.now() in publishDue, each time, not once in init")
        XCTAssertEqual(output.texts, ["Hello (2016-06-18 00:01 UTC)"], "The post should be stamped with the time it went out, by the queue's clock")
    }

    func testADelayCountsFromWhenThePostIsScheduled() throws {
        let output = RecordingOutput()
        let clock = HandClock(start)
        let queue = ScheduledPostQueue(output: output, clock: clock)
        clock.date = start + 100
        queue.schedule("Later", after: 60)

        clock.date = start + 150
        XCTAssertEqual(try queue.publishDue(), 0, "Scheduled at 100 s for 60 s later, the post should still wait at 150 s: ask clock.now() in schedule, when the post is scheduled")
        clock.date = start + 160
        XCTAssertEqual(try queue.publishDue(), 1, "Scheduled at 100 s for 60 s later, the post should go out at 160 s")
    }

    func testEachPostIsStampedWithTheTimeItWentOutNotTheTimeItWasDue() throws {
        // Two rounds at different dates and delays, each published well after its posts were
        // due: the stamps must follow the clock at publishing, whatever the delays were.
        for (day, since, delays, wait) in [("2021-03-04", 33_300.0, [60.0, 125.0], 420.0), ("2024-11-30", 81_600.0, [300.0, 30.0], 1_260.0)] {
            let output = RecordingOutput()
            let scheduled = try FixedClock(day: day).now() + since
            let clock = HandClock(scheduled)
            let queue = ScheduledPostQueue(output: output, clock: clock)
            for (index, delay) in delays.enumerated() {
                queue.schedule("Post \(index + 1)", after: delay)
            }
            clock.date = scheduled + wait
            XCTAssertEqual(try queue.publishDue(), delays.count)
            let wentOut = clock.date.utcStamp
            XCTAssertEqual(
                output.texts, delays.indices.map { "Post \($0 + 1) (\(wentOut))" },
                "Published at \(wentOut), each post should be stamped with the time it went out, not the time it was due (\(delays.map { (scheduled + $0).utcStamp }.joined(separator: ", "))): stamp with the `now` of publishDue"
            )
        }
    }

    func testAPublishedPostLeavesTheQueue() throws {
        for (first, second) in [(60.0, 180.0), (45.0, 600.0)] {
            let output = RecordingOutput()
            let clock = HandClock(start)
            let queue = ScheduledPostQueue(output: output, clock: clock)
            queue.schedule("First", after: first)
            queue.schedule("Second", after: second)
            clock.date = start + first
            XCTAssertEqual(try queue.publishDue(), 1)
            XCTAssertEqual(try queue.publishDue(), 0, "publishDue called again at the same time posted the post due at \(Int(first)) s again: a post that went out should leave the queue (remove exactly the posts you publish)")
            clock.date = start + second + 1
            XCTAssertEqual(try queue.publishDue(), 1, "At \(Int(second) + 1) s only the post due at \(Int(second)) s is left to go out: a post that went out should leave the queue")
            XCTAssertEqual(output.texts.map { $0.components(separatedBy: " (").first ?? $0 }, ["First", "Second"], "Each post should go out exactly once")
        }
    }

    func testAFailingPostReachesTheCaller() throws {
        let output = FailingOutput()
        let clock = HandClock(start)
        let queue = ScheduledPostQueue(output: output, clock: clock)
        queue.schedule("Hello", after: 10)
        clock.date = start + 10
        XCTAssertThrowsError(try queue.publishDue(), "The network failed, and publishDue did not throw: the error should reach the caller, not be swallowed (no `try?`, no empty `catch`)")
        XCTAssertEqual(output.attempts, 1)
    }

    func testTheQueueNeverMakesItsClockTheAmbientOne() throws {
        let output = RecordingOutput()
        let clock = HandClock(start)
        let queue = ScheduledPostQueue(output: output, clock: clock)
        queue.schedule("Hello", after: 5)
        clock.date = start + 5
        try queue.publishDue()
        XCTAssertFalse(clock.readAsTheAmbientClock, "The queue made its clock the ambient one (`TimeProvider.using(clock) { … }` or `TimeProvider.current = clock`) and read `TimeProvider.current`: while it runs, the rest of the app sees the queue's clock too. Call `clock.now()` directly.")
    }

    func testTheQueueIgnoresTheAmbientClock() throws {
        let output = RecordingOutput()
        let clock = HandClock(start)
        let queue = ScheduledPostQueue(output: output, clock: clock)
        let elsewhere = try FixedClock(day: "2030-01-01")
        let published = try TimeProvider.using(elsewhere) {
            queue.schedule("Hello", after: 60)
            clock.date = start + 60
            return try queue.publishDue()
        }
        XCTAssertEqual(published, 1, "The check set TimeProvider.current to 2030-01-01 while the queue's own clock said 2016-06-18 00:01, and the post did not go out: the queue still reads TimeProvider.current. Use only the clock it was given.")
        XCTAssertEqual(output.texts, ["Hello (2016-06-18 00:01 UTC)"], "With TimeProvider.current at 2030-01-01, the post should still be stamped by the queue's own clock; a 2030 stamp means the queue still reads TimeProvider.current")
    }

    func testTheQueueLeavesTheAmbientClockAlone() throws {
        let clock = HandClock(start)
        let queue = ScheduledPostQueue(output: RecordingOutput(), clock: clock)
        queue.schedule("Hello", after: 0)
        try queue.publishDue()
        XCTAssertTrue(TimeProvider.current is SystemClock, "The queue changed TimeProvider.current (to \(TimeProvider.current)): that sets the clock for everybody else in the app too. The queue should only use its own clock, never set the ambient one.")
    }
}
