import Domain

/// The one place that decides which concrete client, clock and logger the presenter gets.
///
/// Everything else in the program depends only on protocols; this is where the concrete
/// types are named and wired together, at the edge of the program. In an app this would sit
/// next to `main` or the app delegate; in the demo, your `run` options are its input.
public struct SocialAppComposition {
    /// Where the clients draw their compose sheets.
    public let screen: any Screen
    /// Where the clients keep the posts they send.
    public let timeline: Timeline
    /// Where the presenter reports what it did.
    public let logger: any Logger

    public init(screen: any Screen, timeline: Timeline, logger: any Logger) {
        self.screen = screen
        self.timeline = timeline
        self.logger = logger
    }

    /// The client for `network`: the program's only `switch` over networks.
    public func makeOutput(for network: SocialNetwork) -> any SocialPostOutput {
        switch network {
        case .twitter: TwitterClient(screen: screen, timeline: timeline)
        case .facebook: FacebookClient(screen: screen, timeline: timeline)
        }
    }

    /// A presenter that posts to `network`, stamping its posts with `clock`.
    public func makePresenter(
        for network: SocialNetwork, clock: any Clock
    ) -> SocialPresenter {
        SocialPresenter(
            output: makeOutput(for: network), clock: clock, logger: logger
        )
    }
}
