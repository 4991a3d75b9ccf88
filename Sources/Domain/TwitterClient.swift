/// Posts to Twitter: shows a compose sheet, then adds the post to the timeline.
///
/// `TwitterClient()` uses the standard screen and timeline, so code that builds its own client
/// really posts, the way an app's hard-wired client would.
public struct TwitterClient: SocialPostOutput {
    private let screen: any Screen
    private let timeline: Timeline

    public init(screen: any Screen = TerminalScreen.standard, timeline: Timeline = .standard) {
        self.screen = screen
        self.timeline = timeline
    }

    public func post(_ text: String) throws {
        try send(Post(network: .twitter, text: text), showingOn: screen, to: timeline)
    }

    public func post(_ text: String, image: Image) throws {
        try send(Post(network: .twitter, text: text, imageName: image.name), showingOn: screen, to: timeline)
    }
}
