import Clocks
import ConcurrencyExtras
import ConcurrencyLesson
import XCTest

/// A network whose first `failures` tries fail, each with an error that says which try it was.
actor ScriptedNetwork: AsyncPostOutput {
    struct Failure: Error, Equatable, CustomStringConvertible {
        let tryNumber: Int
        var description: String { "the network failed try \(tryNumber)" }
    }

    private let failures: Int
    /// Every text it was asked to post, the failed tries included.
    private(set) var tries: [String] = []

    init(failures: Int) {
        self.failures = failures
    }

    func post(_ text: String) async throws {
        tries.append(text)
        if tries.count <= failures { throw Failure(tryNumber: tries.count) }
    }
}

/// `1 time`, `4 times`.
func times(_ count: Int) -> String {
    count == 1 ? "1 time" : "\(count) times"
}

/// The checks drive a `TestClock` and run every task on the main serial executor
/// (swift-concurrency-extras), so that a retry waiting on the clock has always reached its wait
/// when the clock moves: the same steps, in the same order, on every run.
@MainActor
final class RetryingPosterChecks: XCTestCase {
    override func invokeTest() {
        withMainSerialExecutor {
            super.invokeTest()
        }
    }

    let text = "Hello #\(Int.random(in: 100...999))"
    /// Seconds, so that a retry that sleeps for real is still asleep when the checks look.
    let firstDelay = Duration.seconds(Int.random(in: 2...9))

    func testAPostThatGoesThroughIsSentOnceWithoutWaiting() async throws {
        let clock = TestClock()
        let network = ScriptedNetwork(failures: 0)
        let poster = RetryingPoster(wrapping: network, clock: clock, attempts: 3, firstDelay: firstDelay)

        try await poster.post(text)

        let tries = await network.tries
        XCTAssertEqual(tries, [text], "A post that goes through at once should be sent once")
        XCTAssertEqual(clock.now, TestClock.Instant(), "A post that goes through at once should not wait on the clock")
    }

    func testAFailedPostIsTriedAgainOnceTheFirstDelayHasPassedOnTheClock() async throws {
        let clock = TestClock()
        let network = ScriptedNetwork(failures: 1)
        let poster = RetryingPoster(wrapping: network, clock: clock, attempts: 3, firstDelay: firstDelay)
        let task = Task { try await poster.post(text) }
        defer { task.cancel() }

        await clock.advance(by: firstDelay - .milliseconds(1))
        var tries = await network.tries.count
        guard tries == 1 else {
            return XCTFail("Before firstDelay (\(firstDelay)) had passed on the clock, the poster should have tried once, not \(times(tries))")
        }

        await clock.advance(by: .milliseconds(1))
        tries = await network.tries.count
        XCTAssertEqual(tries, 2, "Once firstDelay (\(firstDelay)) had passed on the injected clock, the poster should have tried again; it tried \(times(tries)). Wait with `clock.sleep(for:)` on the clock passed to init: `Task.sleep` waits for real, and so does a clock the poster finds for itself (`ContinuousClock()`, `@Dependency(\\.continuousClock)`); the test clock cannot move them on.")
    }

    func testEachWaitIsTwiceTheOneBefore() async throws {
        let clock = TestClock()
        let network = ScriptedNetwork(failures: 3)
        let poster = RetryingPoster(wrapping: network, clock: clock, attempts: 4, firstDelay: firstDelay)
        let task = Task { try await poster.post(text) }
        defer { task.cancel() }

        await clock.advance(by: firstDelay)
        var expectedTries = 1
        for wait in [firstDelay * 2, firstDelay * 4] {
            expectedTries += 1
            await clock.advance(by: wait - .milliseconds(1))
            var tries = await network.tries.count
            guard tries == expectedTries else {
                return XCTFail("The wait before try \(expectedTries + 1) should be twice the one before, \(wait); after \(wait - .milliseconds(1)) of it the poster had tried \(times(tries)), not \(times(expectedTries))")
            }
            await clock.advance(by: .milliseconds(1))
            tries = await network.tries.count
            guard tries == expectedTries + 1 else {
                return XCTFail("After a wait of \(wait) (twice the one before) the poster should have tried again: it tried \(times(tries)) in all")
            }
        }
    }

    func testAfterTheLastTryItsErrorIsThrownAndNothingMoreIsWaited() async throws {
        let attempts = Int.random(in: 2...4)
        let clock = TestClock()
        let network = ScriptedNetwork(failures: 9)
        let poster = RetryingPoster(wrapping: network, clock: clock, attempts: attempts, firstDelay: firstDelay)
        let task = Task { try await poster.post(text) }

        await clock.run()
        // Done by now, unless it waits for real: then it stops here instead of hanging the checks.
        task.cancel()
        let tries = await network.tries.count
        guard tries == attempts else {
            return XCTFail("With attempts = \(attempts), every try failing, the network should be tried \(times(attempts)) in all, the first one included; it was tried \(times(tries))")
        }
        do {
            try await task.value
            XCTFail("Every try failed, so post should throw the error of the last try: it swallowed the error")
        } catch let failure as ScriptedNetwork.Failure {
            XCTAssertEqual(failure.tryNumber, attempts, "post should throw the error of the last try (\(attempts)), as it is")
        } catch {
            XCTFail("post should throw the error of the last try, as it is, not \(error)")
        }
        let waited = (0..<(attempts - 1)).reduce(Duration.zero) { total, step in total + firstDelay * (1 << step) }
        if clock.now > TestClock.Instant(offset: waited) {
            XCTFail("The poster should wait between tries only, \(waited) in all: it waited after the last try too, a wait for nothing")
        } else {
            XCTAssertEqual(clock.now, TestClock.Instant(offset: waited), "Between \(attempts) tries the poster should have waited \(waited) in all on the clock")
        }
    }

    func testACancelledShareStopsTheRetry() async throws {
        let clock = TestClock()
        let network = ScriptedNetwork(failures: 9)
        let poster = RetryingPoster(wrapping: network, clock: clock, attempts: 5, firstDelay: firstDelay)
        let task = Task { try await poster.post(text) }

        await clock.advance(by: firstDelay / 2)
        task.cancel()
        await clock.run()

        let tries = await network.tries.count
        XCTAssertEqual(tries, 1, "The share was cancelled during the first wait, so the poster should stop: it tried \(times(tries)). `try? await clock.sleep(…)` turns \"cancelled\" into \"try again\"; use `try`")
        do {
            try await task.value
            XCTFail("A cancelled retry should throw the clock's CancellationError")
        } catch {
            XCTAssertTrue(error is CancellationError, "A cancelled retry should throw the clock's CancellationError, not \(error)")
        }
    }
}
