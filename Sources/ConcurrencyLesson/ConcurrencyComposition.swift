import Domain

/// The demo's composition root, on the main actor: the only place that names the concrete
/// dependencies and decides that one timeline store is shared by everything it builds.
///
/// `@MainActor`, because what it builds (models, views) lives there; the dependencies it
/// hands them are `Sendable`, so they may be used from any task afterwards.
@MainActor
public struct ConcurrencyComposition {
    private let timeline: Timeline
    private let write: @Sendable (String) -> Void
    /// How many tries the unreliable network fails before a post gets through.
    private let failures: Int

    public init(timeline: Timeline, failures: Int, write: @escaping @Sendable (String) -> Void) {
        self.timeline = timeline
        self.failures = failures
        self.write = write
    }

    /// The output every share goes through: retry, around an unreliable network, around the
    /// terminal's Twitter.
    public func makeOutput() -> any AsyncPostOutput {
        let network = NetworkOutput(network: .twitter, screen: TerminalScreen(write: write), timeline: timeline)
        let unreliable = UnreliableNetwork(forwardingTo: network, failures: failures)
        let clock = AnnouncingClock(ContinuousClock(), write: write)
        return RetryingPoster(wrapping: unreliable, clock: clock, attempts: 4, firstDelay: .milliseconds(100))
    }

    public func makeShareScreen() -> (model: ShareModel, view: TerminalShareView) {
        let model = ShareModel(output: makeOutput())
        return (model, TerminalShareView(model: model, screen: TerminalScreen(write: write)))
    }

    public func makeMentionSearch(directory: any FriendDirectory) -> MentionSearchModel {
        MentionSearchModel(directory: directory, clock: AnnouncingClock(ContinuousClock(), write: write))
    }
}
