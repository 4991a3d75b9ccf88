/// Posts to Facebook: shows a compose sheet, then adds the post to the timeline.
///
/// `FacebookClient()` uses the standard screen and timeline, like `TwitterClient()`.
public struct FacebookClient: SocialPostOutput {
    private let screen: any Screen
    private let timeline: Timeline

    public init(screen: any Screen = TerminalScreen.standard, timeline: Timeline = .standard) {
        self.screen = screen
        self.timeline = timeline
    }

    public func post(_ text: String) throws {
        try send(Post(network: .facebook, text: text), showingOn: screen, to: timeline)
    }

    public func post(_ text: String, image: Image) throws {
        try send(Post(network: .facebook, text: text, imageName: image.name), showingOn: screen, to: timeline)
    }
}
