import Domain
import LifetimesLesson

/// A decorator that tries a failed post again: up to `attempts` tries in all, waiting
/// `firstDelay` after the first failure and twice as long after each failure after that.
///
/// It waits through `clock`, never by sleeping itself, so that a test can hand it a fake clock
/// and three tries take no time.
final class RetryingOutput: SocialPostOutput {
    private let inner: any SocialPostOutput
    private let clock: any WaitingClock
    private let attempts: Int
    private let firstDelay: Duration

    init(wrapping inner: any SocialPostOutput, clock: any WaitingClock, attempts: Int, firstDelay: Duration) {
        self.inner = inner
        self.clock = clock
        self.attempts = attempts
        self.firstDelay = firstDelay
    }

    func post(_ text: String) throws {
        try retrying { try inner.post(text) }
    }

    func post(_ text: String, image: Image) throws {
        try? retrying { try inner.post(text, image: image) }
    }

    /// Runs `send` until it succeeds or `attempts` tries have failed.
    private func retrying(_ send: () throws -> Void) throws {
        var delay = firstDelay
        for _ in 1..<max(attempts, 1) {
            do {
                return try send()
            } catch {
                // `try`, not `try?`: an error here means the wait was cut short.
                try clock.sleep(for: delay)
                delay *= 2
            }
        }
        // The last try: if it fails, its error goes to the caller as it is.
        try send()
    }
}
