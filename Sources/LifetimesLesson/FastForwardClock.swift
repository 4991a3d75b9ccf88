import Domain
import Foundation
import Synchronization

/// A `WaitingClock` for tests and demos: waiting takes no real time. Each `sleep` moves the
/// clock's time forward at once and is written down, so a test can ask how long the code under
/// test waited, and in which steps.
///
/// A fake, in Meszaros' terms: it really works as a clock, with one shortcut that would not do
/// in production. A class, because the code that waits and the test that reads `waits` must
/// share one clock.
public final class FastForwardClock: WaitingClock {
    private struct State {
        var now: Date
        var waits: [Duration] = []
    }

    // A clock must be Sendable; the lock makes this one safe to share between threads.
    private let state: Mutex<State>

    /// A clock that starts at `start`.
    public init(start: Date = Date(timeIntervalSince1970: 1_466_208_000)) {  // 2016-06-18 00:00 UTC
        state = Mutex(State(now: start))
    }

    /// Every wait so far, oldest first.
    public var waits: [Duration] {
        state.withLock { $0.waits }
    }

    public func now() -> Date {
        state.withLock { $0.now }
    }

    public func sleep(for duration: Duration) {
        state.withLock { state in
            state.now += duration.inSeconds
            state.waits.append(duration)
        }
    }
}
