import Domain

/// The composition root of the share screens, wired by hand: here every lifetime is a line of
/// code, and the compiler checks each one.
///
/// - Singleton: built once, with the root, and handed to everyone (the logger, the output).
/// - Scoped, one per screen: built in `makeShareScreen()` and handed to everything built for
///   that screen (the draft, which the screen and its presenter share).
/// - Transient: built anew at every request and shared with nobody (the screen itself and its
///   presenter, each asked for once per screen).
public final class ShareAppComposition {
    // Singletons: one logger and one output for the whole app.
    private let logger: any Logger
    private let output: any SocialPostOutput

    public init(logger: any Logger, output: any SocialPostOutput) {
        self.logger = logger
        self.output = output
    }

    /// A new share screen. What is built here lives as long as the screen.
    public func makeShareScreen() -> ShareScreen {
        // Scoped: one draft per screen, for the screen and its presenter.
        let draft = Draft()
        // Transient: the presenter and the screen, built here for this screen alone.
        let presenter = SharePresenter(draft: draft, output: output, logger: logger)
        return ShareScreen(draft: draft, presenter: presenter)
    }
}
