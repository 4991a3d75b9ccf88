import Domain

/// A decorator that measures how long each post takes, on the injected clock, and logs it.
///
/// Where it sits in the chain decides what it measures: outside a `RetryingOutput` it times the
/// whole post, waits included; inside, each try on its own.
public final class TimingOutput: SocialPostOutput {
    private let inner: any SocialPostOutput
    private let clock: any Clock
    private let logger: any Logger

    public init(wrapping inner: any SocialPostOutput, clock: any Clock, logger: any Logger) {
        self.inner = inner
        self.clock = clock
        self.logger = logger
    }

    public func post(_ text: String) throws {
        try timed { try inner.post(text) }
    }

    public func post(_ text: String, image: Image) throws {
        try timed { try inner.post(text, image: image) }
    }

    private func timed(_ send: () throws -> Void) throws {
        let start = clock.now()
        // `defer`: a post that fails took time too.
        defer {
            let milliseconds = Int((clock.now().timeIntervalSince(start) * 1000).rounded())
            logger.info("the post took \(milliseconds) ms")
        }
        try send()
    }
}
