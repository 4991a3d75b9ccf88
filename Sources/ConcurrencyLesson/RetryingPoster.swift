/// A decorator that tries a failed post again, waiting longer after each failure (exponential
/// back-off), and gives up after `attempts` tries: lesson 9's retry, in async code.
///
/// It waits on the injected `any Clock<Duration>`, never with `Task.sleep`: the composition
/// root passes `ContinuousClock()`, a test a `TestClock` that it moves forward itself, so a
/// test of three tries takes no time and sees every wait.
public struct RetryingPoster: AsyncPostOutput {
    private let inner: any AsyncPostOutput
    private let clock: any Clock<Duration>
    private let attempts: Int
    private let firstDelay: Duration

    /// - Parameters:
    ///   - inner: the output that is tried, and tried again.
    ///   - clock: what waits between two tries.
    ///   - attempts: how many tries in all, the first one included (at least 1).
    ///   - firstDelay: the wait after the first failure; each later wait is twice the last.
    public init(
        wrapping inner: any AsyncPostOutput, clock: any Clock<Duration>, attempts: Int = 3,
        firstDelay: Duration = .milliseconds(100)
    ) {
        self.inner = inner
        self.clock = clock
        self.attempts = max(1, attempts)
        self.firstDelay = firstDelay
    }

    public func post(_ text: String) async throws {
        var delay = firstDelay
        for _ in 1..<attempts {
            do {
                return try await inner.post(text)
            } catch {
                // A cancelled wait throws: the retry stops instead of trying again.
                try await clock.sleep(for: delay)
                delay *= 2
            }
        }
        // The last try: if it fails, its error goes to the caller as it is.
        try await inner.post(text)
    }
}
