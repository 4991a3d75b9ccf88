import Domain

/// Shares a stamped text and logs it, finding what it needs in `ServiceLocator.shared`.
///
/// Its initializer takes nothing, so it says nothing about what it needs: the output, the clock
/// and the logger are fetched inside `share`, every time. The lesson's first exercise turns it
/// into constructor injection.
public final class SharePresenter {
    public init() {}

    /// Posts `text`, stamped with the time, and logs it.
    ///
    /// - Throws: `ServiceLocatorError.notRegistered` when the app forgot to register one of the
    ///   three, or the output's own error (logged first).
    public func share(_ text: String) throws {
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
