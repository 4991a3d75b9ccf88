import Domain

/// A clock that can also wait: what a decorator needs to time a call, or to back off between
/// two tries.
///
/// The retry decorator waits through this protocol instead of calling `Thread.sleep`, so that
/// the composition root chooses how waiting happens: `SystemClock` really waits, a test's
/// `FastForwardClock` only moves its time forward, and a test of three retries takes no time.
public protocol WaitingClock: Clock {
    /// Returns once `duration` has passed on this clock.
    ///
    /// - Throws: when the wait is cut short, e.g. `CancellationError` once the task
    ///   that waits is cancelled, as the standard library's `Clock.sleep(for:)` does.
    ///   A retry that gets an error here should stop, not try again.
    func sleep(for duration: Duration) throws
}
