import ConcurrencyLesson
import Dependencies

/// A decorator that tries a failed post again, up to `attempts` tries in all (the first one
/// included), waiting on the injected `clock` before each new try: `firstDelay` after the first
/// failure, twice as long after each failure after that. When the last try fails too, it
/// throws that try's error, as it is.
struct RetryingPoster: AsyncPostOutput {
    let inner: any AsyncPostOutput
    let clock: any Clock<Duration>
    let attempts: Int
    let firstDelay: Duration
    /// The app's clock, as lesson 7's library hands it out.
    @Dependency(\.continuousClock) var appClock

    init(wrapping inner: any AsyncPostOutput, clock: any Clock<Duration>, attempts: Int, firstDelay: Duration) {
        self.inner = inner
        self.clock = clock
        self.attempts = attempts
        self.firstDelay = firstDelay
    }

    func post(_ text: String) async throws {
        var delay = firstDelay
        for _ in 1..<attempts {
            do {
                return try await inner.post(text)
            } catch {
                // A cancelled wait throws: the retry stops.
                try await appClock.sleep(for: delay)
                delay *= 2
            }
        }
        try await inner.post(text)
    }
}
