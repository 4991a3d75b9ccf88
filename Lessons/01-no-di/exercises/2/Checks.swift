import XCTest
import Domain

/// A client written for these checks: it posts nothing and only remembers what it was asked.
/// Handing it to the presenter is possible only once the presenter has a seam.
final class RecordingSocialClient: SocialPostOutput {
    private(set) var texts: [String] = []
    private(set) var images: [Image?] = []

    func post(_ text: String) {
        texts.append(text)
        images.append(nil)
    }

    func post(_ text: String, image: Image) {
        texts.append(text)
        images.append(image)
    }
}

/// A client whose network is down: every post fails, with an error that names the text it
/// refused, so the checks can tell this client's error from any other.
struct DownClient: SocialPostOutput {
    struct NetworkDown: Error {
        let text: String
    }

    func post(_ text: String) throws { throw NetworkDown(text: text) }
    func post(_ text: String, image: Image) throws { throw NetworkDown(text: text) }
}

/// A screen that draws nothing, for the Facebook client built in these checks.
struct SilentScreen: Screen {
    func present(_ sheet: Sheet) {}
}

final class OpenASeamChecks: XCTestCase {
    /// What to tell the learner when `call` reached the given client `count` times instead of once.
    private func postedThroughGivenClient(_ call: String, count: Int) -> String {
        if count == 0 {
            return "\(call) posted nothing through the client passed to init(client:). Keep the client you receive and post through it, not through a client the presenter builds itself (in a stored property, a `lazy var` or inside `share`)."
        }
        return "\(call) should post exactly once through the client passed to init(client:), but it posted \(count) times"
    }

    func testAFailedPostReachesTheCaller() {
        let presenter = SocialPresenter(client: DownClient())
        let text = "Down \(Int.random(in: 100...999))"
        XCTAssertThrowsError(try presenter.share(text), "When the client fails, share(_:) should throw its error to the caller, not swallow it (no `try?`, no empty `catch`): otherwise the caller believes the post went out") { error in
            XCTAssertTrue((error as? DownClient.NetworkDown)?.text.hasPrefix(text) ?? false, "share(_:) should throw the client's own error; it threw \(error)")
        }
        XCTAssertThrowsError(try presenter.share(text, image: Image(named: "cat.jpg")), "When the client fails, share(_:image:) should throw its error to the caller, not swallow it (no `try?`, no empty `catch`): otherwise the caller believes the post went out") { error in
            XCTAssertTrue((error as? DownClient.NetworkDown)?.text.hasPrefix(text) ?? false, "share(_:image:) should throw the client's own error; it threw \(error)")
        }
    }

    func testThePresenterPostsThroughTheClientItIsGiven() throws {
        let client = RecordingSocialClient()
        try SocialPresenter(client: client).share("Hello")
        XCTAssertEqual(client.texts.count, 1, postedThroughGivenClient("share(\"Hello\")", count: client.texts.count))
        XCTAssertTrue(
            client.texts.first?.hasPrefix("Hello (") ?? false,
            "The client should receive the stamped text, like \"Hello (2016-06-18 09:30 UTC)\", but got \(client.texts)"
        )
    }

    func testPicturesReachTheGivenClient() throws {
        let client = RecordingSocialClient()
        try SocialPresenter(client: client).share("Look", image: Image(named: "cat.jpg"))
        XCTAssertEqual(client.images.count, 1, postedThroughGivenClient("share(_:image:)", count: client.images.count))
        XCTAssertEqual(
            client.images.first, Image(named: "cat.jpg"),
            "share(_:image:) should pass the picture to the client it was given, but the client received no picture"
        )
    }

    func testAGivenClientMeansNothingIsPostedForReal() throws {
        let timeline = Timeline.standard
        let before = try timeline.posts().count
        let presenter = SocialPresenter(client: RecordingSocialClient())
        try presenter.share("Only a test")
        try presenter.share("Only a test", image: Image(named: "cat.jpg"))
        XCTAssertEqual(
            try timeline.posts().count, before,
            "With a client passed in, the presenter must not build its own: nothing should reach the real timeline"
        )
    }

    func testEveryPresenterKeepsTheClientItWasGiven() throws {
        let first = RecordingSocialClient()
        let second = RecordingSocialClient()
        let firstPresenter = SocialPresenter(client: first)
        let secondPresenter = SocialPresenter(client: second)
        try firstPresenter.share("One")
        try secondPresenter.share("Two")
        XCTAssertEqual(
            [first.texts.count, second.texts.count], [1, 1],
            "Two presenters, made with two different clients, should each post through their own client, but the first client got \(first.texts.count) post(s) and the second \(second.texts.count). Is the client kept in a static or global variable? Then the presenter made last decides for every presenter: keep it in a stored property of each presenter instead."
        )
    }

    func testFacebookNeedsNoEditOfThePresenter() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("seam-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: file) }
        let facebookTimeline = Timeline(fileURL: file)

        try SocialPresenter(client: FacebookClient(screen: SilentScreen(), timeline: facebookTimeline)).share("Hi")
        XCTAssertEqual(
            try facebookTimeline.posts().map(\.network), [.facebook],
            "SocialPresenter(client: FacebookClient(...)) should post once, to Facebook"
        )
    }

    func testExistingCallersStillPostToTwitter() throws {
        let timeline = Timeline.standard
        let before = try timeline.posts().count
        try SocialPresenter().share("Default")
        let sent = Array(try timeline.posts().dropFirst(before))
        XCTAssertEqual(
            sent.map(\.network), [.twitter],
            "SocialPresenter() with no arguments should still post to Twitter: give `client` a default of TwitterClient()"
        )
    }
}
