import AntiPatternsLesson
import Domain

/// Shares a stamped text and logs it, through the output, clock and logger it was given.
final class SharePresenter {
    private let output: any SocialPostOutput
    private let clock: any Clock
    private let logger: any Logger

    init(output: any SocialPostOutput, clock: any Clock, logger: any Logger) {
        self.output = output
        self.clock = clock
        self.logger = logger
    }

    /// Posts `text`, stamped with the time, and logs it; a failing post is logged as an error
    /// and its error still reaches the caller.
    func share(_ text: String) throws {
        // The old code read TimeProvider.current: make this presenter's clock the current one meanwhile.
        try TimeProvider.using(clock) { try shareByTheAmbientClock(text) }
    }

    private func shareByTheAmbientClock(_ text: String) throws {
        let stamped = "\(text) (\(TimeProvider.current.now().utcStamp))"
        do {
            try output.post(stamped)
        } catch {
            logger.error("could not share: \(error)")
            throw error
        }
        logger.info("shared: \(stamped)")
    }
}

/// The app's composition root for the share screen, called once at launch with the locator
/// the app's set-up filled.
enum ShareComposition {
    /// The presenter, with everything it needs resolved here, once: a missing registration
    /// fails at launch, not at the first share.
    static func makePresenter(from locator: ServiceLocator) throws -> SharePresenter {
        SharePresenter(
            output: try locator.resolve((any SocialPostOutput).self),
            clock: try locator.resolve((any Clock).self),
            logger: try locator.resolve((any Logger).self)
        )
    }
}
