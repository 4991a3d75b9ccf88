import Domain

/// The app's share flow: stamps a text, posts it and logs it.
///
/// It receives its output and its logger, so at a glance it looks injected. Its clock it takes
/// from `ClockFactory` inside `publish`: a Control Freak, one call deep.
public final class ShareFlow {
    private let output: any SocialPostOutput
    private let logger: any Logger

    public init(output: any SocialPostOutput, logger: any Logger) {
        self.output = output
        self.logger = logger
    }

    /// Posts `text`, stamped with the time, and logs it.
    public func publish(_ text: String) throws {
        let clock = ClockFactory.makeClock()
        let stamped = "\(text) (\(clock.now().utcStamp))"
        try output.post(stamped)
        logger.info("published: \(stamped)")
    }
}
