import DojoTestSupport
import Testing
import Domain

@Suite("Social clients")
struct ClientTests {
    @Test("The Twitter client appends a Twitter post to its timeline")
    func twitterAppends() throws {
        let timeline = makeTemporaryTimeline()
        let client = TwitterClient(screen: TerminalScreen(write: CapturedOutput().write), timeline: timeline)
        try client.post("Hello")
        try client.post("With a picture", image: Image(named: "cat.jpg"))
        #expect(try timeline.posts() == [
            Post(network: .twitter, text: "Hello"),
            Post(network: .twitter, text: "With a picture", imageName: "cat.jpg"),
        ])
    }

    @Test("The Facebook client appends a Facebook post to its timeline")
    func facebookAppends() throws {
        let timeline = makeTemporaryTimeline()
        let client = FacebookClient(screen: TerminalScreen(write: CapturedOutput().write), timeline: timeline)
        try client.post("Hello")
        try client.post("With a picture", image: Image(named: "dog.png"))
        #expect(try timeline.posts() == [
            Post(network: .facebook, text: "Hello"),
            Post(network: .facebook, text: "With a picture", imageName: "dog.png"),
        ])
    }

    @Test("A client draws a boxed compose sheet with the network, the text and the picture")
    func clientDrawsSheet() throws {
        let output = CapturedOutput()
        let client = TwitterClient(screen: TerminalScreen(write: output.write), timeline: makeTemporaryTimeline())
        try client.post("Hi", image: Image(named: "cat.jpg"))
        #expect(output.text == """
            ┌─ Twitter · compose ──┐
            │ Hi                   │
            │ [image: cat.jpg]     │
            └──────────────────────┘

            """)
    }

    @Test("Every line of a drawn sheet has the same width, however long the text")
    func sheetLinesAligned() {
        let output = CapturedOutput()
        TerminalScreen(write: output.write).present(
            .compose(Post(network: .facebook, text: "a much longer first line than the title\nshort"))
        )
        let widths = Set(output.text.split(separator: "\n").map(\.count))
        #expect(widths.count == 1)
        #expect(output.text.contains("Facebook · compose"))
    }

    @Test("Code that takes any SocialPostOutput can post through either network")
    func clientsAreInterchangeable() throws {
        let timeline = makeTemporaryTimeline()
        let screen = TerminalScreen(write: CapturedOutput().write)
        let outputs: [any SocialPostOutput] = [
            TwitterClient(screen: screen, timeline: timeline),
            FacebookClient(screen: screen, timeline: timeline),
        ]
        for output in outputs {
            try output.post("same text")
        }
        #expect(try timeline.posts().map(\.network) == [.twitter, .facebook])
    }
}
