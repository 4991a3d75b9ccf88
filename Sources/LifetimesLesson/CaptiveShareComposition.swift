import Domain

/// Deliberately wrong: a composition root with a captive dependency, for `run --lifetimes
/// captive` and the lesson's pages.
///
/// Someone decided that one presenter is enough ("it keeps no state of its own") and kept the
/// first one. But the presenter holds the draft of the screen it was built for, so that draft
/// is now held captive by a singleton: every later screen shows a draft of its own, and its
/// Share button posts the first screen's text.
public final class CaptiveShareComposition {
    private let logger: any Logger
    private let output: any SocialPostOutput
    /// One presenter is enough: it keeps no state of its own. (Wrong: it keeps a draft.)
    private var presenter: SharePresenter?

    public init(logger: any Logger, output: any SocialPostOutput) {
        self.logger = logger
        self.output = output
    }

    public func makeShareScreen() -> ShareScreen {
        let draft = Draft()
        let presenter = self.presenter
            ?? SharePresenter(draft: draft, output: output, logger: logger)
        self.presenter = presenter
        return ShareScreen(draft: draft, presenter: presenter)
    }
}
