import AntiPatternsLesson
import Domain

/// Shares a stamped text and logs it.
///
/// TODO: a Service Locator. `init()` says nothing about what the presenter needs; `share`
/// asks `ServiceLocator.shared` for its output, its clock and its logger every time. Give it
/// `init(output:clock:logger:)` instead, keep the three in `let`s, and let nothing in this
/// class call `resolve` any more. Keep what `share` does.
final class SharePresenter {
    init() {}

    /// Posts `text`, stamped with the time, and logs it; a failing post is logged as an error
    /// and its error still reaches the caller.
    func share(_ text: String) throws {
        let output = try ServiceLocator.shared.resolve((any SocialPostOutput).self)
        let clock = try ServiceLocator.shared.resolve((any Clock).self)
        let logger = try ServiceLocator.shared.resolve((any Logger).self)

        let stamped = "\(text) (\(clock.now().utcStamp))"
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
    /// TODO: resolve the output, the clock and the logger from `locator` here, once, and hand
    /// them to the presenter. This is the one place that may call `resolve`.
    static func makePresenter(from locator: ServiceLocator) throws -> SharePresenter {
        // Today the presenter finds everything in ServiceLocator.shared by itself.
        SharePresenter()
    }
}
