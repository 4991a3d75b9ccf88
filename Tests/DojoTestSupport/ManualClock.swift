import Synchronization

/// A clock that moves only when the test moves it, for code that reads or waits on a
/// `Clock<Duration>`: deadlines and grace periods are then tested without real waiting.
///
/// `sleep(until:)` suspends until ``advance(by:)`` moves the clock to the deadline or past it,
/// or until the sleeping task is cancelled.
package final class ManualClock: Clock, Sendable {
    /// A point on the manual clock's time line: how far it is from the clock's start.
    package struct Instant: InstantProtocol, CustomStringConvertible {
        package let offset: Duration

        package init(offset: Duration) {
            self.offset = offset
        }

        package func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        package func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        package static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }

        package var description: String { "start + \(offset)" }
    }

    private struct Sleeper {
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Int: Sleeper] = [:]
        var nextSleeperID = 0
    }

    private let state = Mutex(State())

    package init() {}

    package var now: Instant { state.withLock { $0.now } }

    package var minimumResolution: Duration { .zero }

    /// Moves the clock on by `duration` and wakes every sleeper whose deadline has come.
    package func advance(by duration: Duration) {
        let woken = state.withLock { state in
            state.now = state.now.advanced(by: duration)
            let due = state.sleepers.filter { $0.value.deadline <= state.now }
            for id in due.keys { state.sleepers[id] = nil }
            return due.values.map(\.continuation)
        }
        for continuation in woken { continuation.resume() }
    }

    package func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state in
            defer { state.nextSleeperID += 1 }
            return state.nextSleeperID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow = state.withLock { state in
                    guard deadline > state.now, !Task.isCancelled else { return true }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let sleeper = state.withLock { $0.sleepers.removeValue(forKey: id) }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
        try Task.checkCancellation()
    }
}
