import Domain

/// A decorator that tries a failed post again, waiting longer after each failure (exponential
/// back-off), and gives up after a fixed number of tries.
///
/// It waits through the injected `WaitingClock`, never by sleeping itself: the composition root
/// passes `SystemClock()`, a test a `FastForwardClock`, and the test of three tries and two waits
/// takes no time at all.
public final class RetryingOutput: SocialPostOutput {
    private let inner: any SocialPostOutput
    private let clock: any WaitingClock
    private let attempts: Int
    private let firstDelay: Duration

    /// - Parameters:
    ///   - inner: the output that is tried, and tried again.
    ///   - clock: what waits between two tries.
    ///   - attempts: how many tries in all, the first one included (at least 1).
    ///   - firstDelay: the wait after the first failure; each later wait is twice the one before.
    public init(
        wrapping inner: any SocialPostOutput,
        clock: any WaitingClock,
        attempts: Int = 3,
        firstDelay: Duration = .milliseconds(100)
    ) {
        self.inner = inner
        self.clock = clock
        self.attempts = max(1, attempts)
        self.firstDelay = firstDelay
    }

    public func post(_ text: String) throws {
        try retrying { try inner.post(text) }
    }

    public func post(_ text: String, image: Image) throws {
        try retrying { try inner.post(text, image: image) }
    }

    private func retrying(_ send: () throws -> Void) throws {
        var delay = firstDelay
        for _ in 1..<attempts {
            do {
                return try send()
            } catch {
                try clock.sleep(for: delay)
                delay *= 2
            }
        }
        // The last try: if it fails, its error goes to the caller as it is.
        try send()
    }
}
