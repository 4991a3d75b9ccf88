import XCTest
import AntiPatternsLesson
import Domain

/// A clock the checks move by hand.
final class HandClock: Clock, @unchecked Sendable {
    var date: Date

    init(_ date: Date) {
        self.date = date
    }

    func now() -> Date { date }
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
