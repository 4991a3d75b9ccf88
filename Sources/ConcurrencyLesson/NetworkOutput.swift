import Domain

/// Posts to a network of the shared domain: shows the compose sheet on a terminal screen,
/// then adds the post to the timeline file, as lesson 1's clients do, behind the async
/// protocol.
///
/// A struct of `Sendable` parts (a network, a `TerminalScreen`, a `Timeline`): `Sendable`
/// without a word of its own, so the composition root can hand it to any task.
public struct NetworkOutput: AsyncPostOutput {
    private let network: SocialNetwork
    private let screen: TerminalScreen
    private let timeline: Timeline

    public init(network: SocialNetwork, screen: TerminalScreen, timeline: Timeline) {
        self.network = network
        self.screen = screen
        self.timeline = timeline
    }

    public func post(_ text: String) async throws {
        let post = Post(network: network, text: text)
        screen.present(.compose(post))
        try timeline.append(post)
    }
}
