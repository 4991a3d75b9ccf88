import DojoShell
import Foundation
import Synchronization

/// Ctrl-C as the tests press it.
package final class FakeInterrupts: InterruptSource {
    private struct State {
        var pending = 0
        var waiting: [UUID: CheckedContinuation<Void, Never>] = [:]
        var stopped = false
    }

    private let state = Mutex(State())

    package init() {}

    /// Presses Ctrl-C: wakes one task waiting in `nextInterrupt`, else is kept for the next ask.
    package func press() {
        let woken: CheckedContinuation<Void, Never>? = state.withLock { state in
            if let (id, continuation) = state.waiting.first {
                state.waiting[id] = nil
                return continuation
            }
            state.pending += 1
            return nil
        }
        woken?.resume()
    }

    /// Sends SIGTERM, as the tests send it: an interrupt like Ctrl-C that also asks to stop.
    package func requestStop() {
        state.withLock { $0.stopped = true }
        press()
    }

    package var stopRequested: Bool { state.withLock { $0.stopped } }

    /// True while some task waits for a Ctrl-C (a check or `watch` is under way).
    package var isAwaited: Bool { state.withLock { !$0.waiting.isEmpty } }

    package func takeInterrupt() -> Bool {
        state.withLock { state in
            guard state.pending > 0 else { return false }
            state.pending -= 1
            return true
        }
    }

    package func nextInterrupt() async {
        let id = UUID()
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow: Bool = state.withLock { state in
                    if state.pending > 0 {
                        state.pending -= 1
                        return true
                    }
                    if Task.isCancelled { return true }
                    state.waiting[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiting.removeValue(forKey: id) }?.resume()
        }
    }
}
