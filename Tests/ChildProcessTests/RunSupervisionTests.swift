@testable import ChildProcess
import Clocks
import Testing

/// The launcher's supervising decisions on swift-clocks' `TestClock`: deadlines, the gate and the grace
/// periods, with no process and no real waiting. The same decisions on real processes:
/// ChildProcessLauncherTests.
@Suite("Run supervision")
struct RunSupervisionTests {
    typealias Supervision = RunSupervision<TestClock<Duration>>

    let clock = TestClock()

    func supervision(timeout: Duration? = .seconds(3), gated: Bool = false) -> Supervision {
        Supervision(
            clock: clock, timeout: timeout, gated: gated,
            stopGracePeriod: .seconds(5), drainGracePeriod: .seconds(2)
        )
    }

    func instant(_ offset: Duration) -> TestClock<Duration>.Instant {
        TestClock<Duration>.Instant(offset: offset)
    }

    // MARK: Deadline

    @Test func aRunIsStoppedAtItsDeadlineAndNotBefore() async {
        var run = supervision(timeout: .seconds(3))
        #expect(run.state == .running(deadline: instant(.seconds(3))))
        #expect(run.nextWakeUp == instant(.seconds(3)))

        await clock.advance(by: .milliseconds(2999))
        #expect(run.handle(.timePassed) == [])
        #expect(!run.timedOut)

        await clock.advance(by: .milliseconds(1))
        #expect(run.handle(.timePassed) == [.stop])
        #expect(run.timedOut)
        #expect(!run.cancelled)
        #expect(run.state == .stopping(giveUpAt: instant(.seconds(8))))
    }

    @Test func aRunWithoutATimeoutIsNeverStoppedByTime() async {
        var run = supervision(timeout: nil)
        #expect(run.nextWakeUp == nil)
        await clock.advance(by: .seconds(1_000_000))
        #expect(run.handle(.timePassed) == [])
        #expect(run.state == .running(deadline: nil))
    }

    @Test func aRunThatEndsJustAsItsTimeRunsOutEndedByItself() async {
        // The loop reports the end of the run before the time: the end came first.
        var run = supervision(timeout: .seconds(3))
        await clock.advance(by: .seconds(4))
        #expect(run.handle(.runEnded) == [])
        #expect(run.handle(.timePassed) == [])
        #expect(!run.timedOut)
        #expect(run.state == .draining(until: instant(.seconds(6))))
    }

    // MARK: Gate

    @Test func aGatedRunsTimeCountsFromTheOpeningOfTheGate() async {
        var run = supervision(timeout: .seconds(2), gated: true)
        #expect(run.state == .gateHeld)
        #expect(run.nextWakeUp == nil)

        // Held far longer than the timeout: no time has started.
        await clock.advance(by: .seconds(60))
        #expect(run.handle(.timePassed) == [])

        #expect(run.handle(.gateOpened) == [.releaseInput])
        #expect(run.state == .running(deadline: instant(.seconds(62))))
        // An open gate stays open; it is seen again at every look.
        #expect(run.handle(.gateOpened) == [])

        await clock.advance(by: .milliseconds(1999))
        #expect(run.handle(.timePassed) == [])
        await clock.advance(by: .milliseconds(1))
        #expect(run.handle(.timePassed) == [.stop])
        #expect(run.timedOut)
    }

    @Test func abandoningTheGateStopsTheRunAndKeepsItsInputHeld() async {
        var run = supervision(gated: true)
        #expect(run.handle(.gateAbandoned) == [.stop])
        #expect(run.cancelled)
        #expect(!run.timedOut)
        #expect(run.state == .stopping(giveUpAt: instant(.seconds(5))))
        #expect(run.handle(.gateAbandoned) == [])
    }

    @Test func aGatedRunThatEndsBeforeTheGateOpensIsOver() async {
        var run = supervision(gated: true)
        #expect(run.handle(.outputClosed) == [])
        #expect(run.handle(.runEnded) == [])
        #expect(run.state == .finished)
        #expect(!run.cancelled)
    }

    // MARK: Cancellation

    @Test func cancellingStopsTheRunOnce() async {
        var run = supervision()
        await clock.advance(by: .seconds(1))
        #expect(run.handle(.cancelled) == [.stop])
        #expect(run.cancelled)
        #expect(run.handle(.cancelled) == [])
        // Stopping, the deadline no longer counts.
        await clock.advance(by: .seconds(3))
        #expect(run.handle(.timePassed) == [])
        #expect(!run.timedOut)
    }

    @Test func cancellingARunThatHasEndedChangesNothing() async {
        var run = supervision()
        _ = run.handle(.runEnded)
        #expect(run.handle(.cancelled) == [])
        #expect(!run.cancelled)
    }

    @Test func cancellingAHeldRunStopsIt() async {
        var run = supervision(gated: true)
        #expect(run.handle(.cancelled) == [.stop])
        #expect(run.cancelled)
    }

    // MARK: Stop grace

    @Test func aReaperThatHasNotEndedTheRunWithinTheGracePeriodIsKilled() async {
        var run = supervision()
        _ = run.handle(.cancelled)
        await clock.advance(by: .milliseconds(4999))
        #expect(run.handle(.timePassed) == [])
        await clock.advance(by: .milliseconds(1))
        #expect(run.handle(.timePassed) == [.forceStop])
        #expect(run.state == .stopping(giveUpAt: nil))
        #expect(run.nextWakeUp == nil)
        // Killed once; from now on only its end is awaited.
        await clock.advance(by: .seconds(60))
        #expect(run.handle(.timePassed) == [])
        _ = run.handle(.runEnded)
        #expect(run.state == .draining(until: instant(.seconds(67))))
    }

    @Test func aRunThatEndsWhileStoppingIsNeverKilledAgain() async {
        var run = supervision()
        _ = run.handle(.cancelled)
        await clock.advance(by: .seconds(1))
        #expect(run.handle(.runEnded) == [])
        await clock.advance(by: .seconds(10))
        #expect(run.handle(.timePassed) == [.closeOutput])
        #expect(run.state == .finished)
    }

    // MARK: Drain grace

    @Test func outputStillOpenAtTheEndIsReadForTheGracePeriodThenLeft() async {
        var run = supervision()
        await clock.advance(by: .seconds(1))
        _ = run.handle(.runEnded)
        #expect(run.state == .draining(until: instant(.seconds(3))))
        #expect(run.nextWakeUp == instant(.seconds(3)))
        await clock.advance(by: .milliseconds(1999))
        #expect(run.handle(.timePassed) == [])
        await clock.advance(by: .milliseconds(1))
        #expect(run.handle(.timePassed) == [.closeOutput])
        #expect(run.state == .finished)
    }

    @Test func outputThatClosesWhileDrainingFinishesTheRun() async {
        var run = supervision()
        _ = run.handle(.runEnded)
        #expect(run.handle(.outputClosed) == [])
        #expect(run.state == .finished)
    }

    @Test func outputClosedBeforeTheEndDoesNotEndTheRun() async {
        // A program may close its output and go on; only the reaper's end ends the run.
        var run = supervision()
        _ = run.handle(.outputClosed)
        #expect(run.state == .running(deadline: instant(.seconds(3))))
        _ = run.handle(.runEnded)
        #expect(run.state == .finished)
    }

    // MARK: A reported end

    @Test func aReportedEndGivesTheResultAtOnceAndLeavesTheProgramToEndByItself() async {
        var run = supervision(timeout: .seconds(10))
        await clock.advance(by: .seconds(1))
        #expect(run.handle(.endReported) == [.deliverReportedResult])
        #expect(run.state == .exiting(stopAt: instant(.seconds(3))))
        #expect(run.nextWakeUp == instant(.seconds(3)))
        // Seen again at every look until the run ends: delivered once.
        #expect(run.handle(.endReported) == [])
        // It ends by itself: nothing to stop, nothing timed out.
        #expect(run.handle(.runEnded) == [])
        #expect(run.handle(.outputClosed) == [])
        #expect(run.state == .finished)
        #expect(!run.timedOut)
        #expect(!run.cancelled)
    }

    @Test func aProgramSlowToEndAfterItsReportIsStoppedButDidNotTimeOut() async {
        var run = supervision(timeout: .seconds(10))
        _ = run.handle(.endReported)
        await clock.advance(by: .milliseconds(1999))
        #expect(run.handle(.timePassed) == [])
        await clock.advance(by: .milliseconds(1))
        #expect(run.handle(.timePassed) == [.stop])
        #expect(run.state == .stopping(giveUpAt: instant(.seconds(7))))
        #expect(!run.timedOut)
    }

    @Test func aReportCloseToTheDeadlineKeepsTheDeadline() async {
        var run = supervision(timeout: .seconds(3))
        await clock.advance(by: .seconds(2))
        _ = run.handle(.endReported)
        #expect(run.state == .exiting(stopAt: instant(.seconds(3))))
    }

    @Test func cancellingAfterTheReportStopsWhatIsLeft() async {
        var run = supervision()
        _ = run.handle(.endReported)
        #expect(run.handle(.cancelled) == [.stop])
    }

    @Test func anEndReportedAfterTheTimeRanOutDoesNotTurnATimeoutIntoAResult() async {
        var run = supervision(timeout: .seconds(3))
        await clock.advance(by: .seconds(3))
        #expect(run.handle(.timePassed) == [.stop])
        #expect(run.handle(.endReported) == [])
        #expect(run.state == .stopping(giveUpAt: instant(.seconds(8))))
        #expect(run.timedOut)
    }

    @Test func aRunThatHasEndedIsToldByItsOwnEndNotByItsReport() async {
        // Both seen in one look: the end comes first, and with it the status the system gives.
        var run = supervision()
        #expect(run.handle(.runEnded) == [])
        #expect(run.handle(.endReported) == [])
        #expect(run.state == .draining(until: instant(.seconds(2))))
    }

    @Test func aCancelledRunIgnoresALaterReport() async {
        var run = supervision()
        #expect(run.handle(.cancelled) == [.stop])
        #expect(run.handle(.endReported) == [])
        #expect(run.state == .stopping(giveUpAt: instant(.seconds(5))))
        #expect(run.cancelled)
    }
}
