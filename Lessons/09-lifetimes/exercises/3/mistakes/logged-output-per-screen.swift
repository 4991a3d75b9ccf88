import Domain
import LifetimesLesson

/// The composition root of the share screens: it builds every screen, and decides how long
/// each object lives.
///
/// The lifetimes the app needs:
/// - the logger and the network, and so the logged output: singletons, one for the whole app;
/// - a `Draft`: one per screen, shared by that screen and its presenter;
/// - a `SharePresenter`: transient, built anew for each screen and shared with nobody.
final class ShareComposition {
    private let logger: any Logger
    private let network: any SocialPostOutput
    /// The network with every post logged: built once, for the whole app. A singleton may hold
    /// these two: they live as long as it does.
    private lazy var output: any SocialPostOutput = LoggingOutput(wrapping: network, logger: logger)

    init(logger: any Logger, network: any SocialPostOutput) {
        self.logger = logger
        self.network = network
    }

    /// A new share screen, with what it needs.
    func makeShareScreen() -> ShareScreen {
        // Scoped: one draft per screen, shared by the screen and its presenter. The presenter
        // holds the draft, so it cannot live longer than the screen: transient, built here
        // for this screen alone.
        let draft = Draft()
        let presenter = SharePresenter(draft: draft, output: LoggingOutput(wrapping: network, logger: logger), logger: logger)
        return ShareScreen(draft: draft, presenter: presenter)
    }
}
