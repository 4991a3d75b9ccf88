import Domain
import LifetimesLesson

/// The composition root of the share screens: it builds every screen, and decides how long
/// each object lives.
///
/// The lifetimes the app needs:
/// - the logger and the network, and so the logged output: singletons, one for the whole app;
/// - a `Draft`: one per screen, shared by that screen and its presenter;
/// - a `SharePresenter`: transient, built anew for each screen and shared with nobody.
///
/// A bug report: "I opened a second share screen, wrote on it and tapped Share. It posted what I
/// had written on the first screen."
final class ShareComposition {
    private let logger: any Logger
    private let network: any SocialPostOutput
    /// The network with every post logged: built once, for the whole app.
    private lazy var output: any SocialPostOutput = LoggingOutput(wrapping: network, logger: logger)
    /// Setting up a presenter takes work, so the first one made is kept for the screens after it.
    private var presenter: SharePresenter?

    init(logger: any Logger, network: any SocialPostOutput) {
        self.logger = logger
        self.network = network
    }

    /// A new share screen, with what it needs.
    func makeShareScreen() -> ShareScreen {
        // TODO: something built here lives longer than the list above allows, and holds
        // something that should not. Find it, and fix it so that every object lives as long as
        // the list says: no longer, and no shorter.
        let draft = Draft()
        if presenter == nil {
            presenter = SharePresenter(draft: draft, output: output, logger: logger)
        }
        return ShareScreen(draft: draft, presenter: presenter!)
    }
}
