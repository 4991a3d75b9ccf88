@testable import DojoShell
import Foundation
import Glibc
import Testing

/// The real Ctrl-C: a SIGINT sent to this process wakes a task waiting in `nextInterrupt` through
/// the handler's wake pipe, and cancelling the task ends the wait without one. Installing the
/// handler here means a Ctrl-C typed at `swift test` no longer ends it (the shell's own choice).
@Suite(.serialized) struct LiveInterruptSourceTests {
    /// `operation`, or false when it has not ended within `limit`: a wait that never ends fails
    /// the test instead of hanging it.
    func endsWithin(_ limit: Duration, _ operation: @escaping @Sendable () async -> Void) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await operation()
                return true
            }
            group.addTask {
                try? await Task.sleep(for: limit)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }

    @Test func aSIGINTWakesTheWaitingTaskAndIsTaken() async {
        let source = LiveInterruptSource.installed()
        _ = source.takeInterrupt()
        let waiting = Task { await source.nextInterrupt() }
        kill(getpid(), SIGINT)
        #expect(await endsWithin(.seconds(60)) { await waiting.value }, "nextInterrupt did not return after SIGINT")
        #expect(!source.takeInterrupt(), "the SIGINT was taken by nextInterrupt, once")
    }

    @Test func cancellingTheWaitingTaskEndsTheWaitWithoutASIGINT() async {
        let source = LiveInterruptSource.installed()
        _ = source.takeInterrupt()
        let waiting = Task { await source.nextInterrupt() }
        try? await Task.sleep(for: .milliseconds(50))
        waiting.cancel()
        #expect(await endsWithin(.seconds(60)) { await waiting.value }, "a cancelled nextInterrupt went on waiting")
        #expect(!source.takeInterrupt())
    }

    @Test func aSIGINTBeforeTheWaitIsNotLost() async {
        let source = LiveInterruptSource.installed()
        _ = source.takeInterrupt()
        kill(getpid(), SIGINT)
        // The handler ran before kill returned (a signal to oneself is delivered at once when
        // this thread does not block it; else to another thread, soon).
        #expect(await endsWithin(.seconds(60)) { await source.nextInterrupt() }, "a SIGINT sent before the wait was lost")
    }
}
