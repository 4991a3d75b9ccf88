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
        // TODO: when `inner` throws, try again, at most `attempts` tries in all (the first one
        // included). Before each new try, wait on the clock, `try clock.sleep(for: delay)`:
        // `firstDelay` the first time, twice as long each time after. When the last try fails
        // too, throw its error, as it is.
        try inner.post(text)
    }

    func post(_ text: String, image: Image) throws {
        // TODO: the same for a post with a picture.
        try inner.post(text, image: image)
    }
}
