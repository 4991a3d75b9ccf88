import XCTest
import Domain

/// The presenter builds its own clients, so the only way to see what it did is to let it post
/// for real and read the timeline file (the checker points `DIDOJO_TIMELINE` at a fresh one).
final class PostToFacebookChecks: XCTestCase {
    /// The posts that `action` added to the standard timeline.
    private func postsSent(by action: () throws -> Void) throws -> [Post] {
        let timeline = Timeline.standard
        let before = try timeline.posts().count
        try action()
        return Array(try timeline.posts().dropFirst(before))
    }

    /// `2 posts (Twitter, Facebook)`: how many posts went where, for a failure message.
    private func describe(_ posts: [Post]) -> String {
        posts.isEmpty ? "no post" : "\(posts.count) post\(posts.count == 1 ? "" : "s") (\(posts.map(\.network.displayName).joined(separator: ", ")))"
    }

    /// Whether `text` looks like `<message> (2016-06-18 09:30 UTC)`. The real clock is read, so
    /// the exact stamp cannot be known in advance: that is one of the costs this lesson shows.
    private func isStamped(_ text: String, message: String) -> Bool {
        text.hasPrefix("\(message) (") && text.hasSuffix(" UTC)")
    }

    func testAFacebookPresenterPostsToFacebook() throws {
        let posts = try postsSent { try SocialPresenter(network: .facebook).share("Hello") }
        XCTAssertEqual(
            posts.count, 1,
            "`share` should send exactly one post, to Facebook only, but SocialPresenter(network: .facebook).share(\"Hello\") sent \(describe(posts))"
        )
        XCTAssertEqual(
            posts.first?.network, .facebook,
            "SocialPresenter(network: .facebook).share(\"Hello\") should post to Facebook, but the post went to \(posts.first?.network.displayName ?? "nowhere")"
        )
    }

    func testAFacebookPresenterPostsPicturesToFacebook() throws {
        let posts = try postsSent {
            try SocialPresenter(network: .facebook).share("Look", image: Image(named: "cat.jpg"))
        }
        XCTAssertEqual(
            posts.count, 1,
            "`share(_:image:)` should send exactly one post, to Facebook only, but SocialPresenter(network: .facebook).share(_:image:) sent \(describe(posts))"
        )
        XCTAssertEqual(
            posts.first?.network, .facebook,
            "A post with a picture from SocialPresenter(network: .facebook) should go to Facebook too, but it went to \(posts.first?.network.displayName ?? "nowhere")"
        )
        XCTAssertEqual(posts.first?.imageName, "cat.jpg", "The picture should be attached to the Facebook post")
        let text = posts.first?.text ?? ""
        XCTAssertTrue(
            isStamped(text, message: "Look"),
            "The Facebook post with a picture should carry its time stamp too, like \"Look (2016-06-18 09:30 UTC)\", but it was \"\(text)\""
        )
    }

    func testTwitterStillWorksAndIsTheDefault() throws {
        // First with no Facebook presenter made in this check: a presenter that posts to
        // Facebook now ignores the network it was made for, whatever else it does.
        let alone = try postsSent {
            try SocialPresenter().share("Default")
            try SocialPresenter(network: .twitter).share("Chosen")
        }
        XCTAssertEqual(
            alone.map(\.network), [.twitter, .twitter],
            "SocialPresenter() and SocialPresenter(network: .twitter) should both post to Twitter, but they sent \(describe(alone)), before any Facebook presenter had been made in this check: choose the client from each presenter's own `network`."
        )
        guard alone.map(\.network) == [.twitter, .twitter] else { return }
        // Then with a Facebook presenter made after them, which must not change where they
        // post. Only shared state can make it do so: a network kept in a static or global
        // variable is the one set last.
        let afterFacebook = try postsSent {
            let byDefault = SocialPresenter()
            let chosen = SocialPresenter(network: .twitter)
            _ = SocialPresenter(network: .facebook)
            try byDefault.share("Default")
            try chosen.share("Chosen")
        }
        XCTAssertEqual(
            afterFacebook.map(\.network), [.twitter, .twitter],
            afterFacebook.contains { $0.network == .facebook }
                ? "SocialPresenter() and SocialPresenter(network: .twitter) should each post to their own network, Twitter, and did so on their own, but once a Facebook presenter had been made after them they sent \(describe(afterFacebook)). Is the network kept in a static or global variable? Then the presenter made last decides for every presenter: keep it in each presenter instead."
                : "SocialPresenter() and SocialPresenter(network: .twitter) should both still post to Twitter, but once a Facebook presenter had been made after them they sent \(describe(afterFacebook))"
        )
    }

    /// Runs `action` with `DIDOJO_TIMELINE` naming a file inside a regular file, which no
    /// client can create: the real failure of a real client, since no failing client can be
    /// handed to a presenter that builds its own. The variable is put back afterwards.
    private func withUnwritableTimeline(_ action: () throws -> Void) throws {
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-folder-\(UUID().uuidString)")
        try Data("a file, not a folder\n".utf8).write(to: blocker)
        let name = Timeline.environmentVariable
        let previous = ProcessInfo.processInfo.environment[name]
        setenv(name, blocker.appendingPathComponent("timeline.txt").path, 1)
        defer {
            if let previous { setenv(name, previous, 1) } else { unsetenv(name) }
            try? FileManager.default.removeItem(at: blocker)
        }
        try action()
    }

    func testAFailedPostReachesTheCaller() throws {
        let text = "Down \(Int.random(in: 100...999))"
        for network in [SocialNetwork.facebook, .twitter] {
            try withUnwritableTimeline {
                let presenter = SocialPresenter(network: network)
                XCTAssertThrowsError(
                    try presenter.share(text),
                    "With the timeline file impossible to write, \(network.displayName)'s client fails to post, so SocialPresenter(network: .\(network.rawValue)).share(_:) should throw its error to the caller, not swallow it (no `try?`, no empty `catch`): otherwise the caller believes the post went out"
                )
                XCTAssertThrowsError(
                    try presenter.share(text, image: Image(named: "cat.jpg")),
                    "With the timeline file impossible to write, \(network.displayName)'s client fails to post, so SocialPresenter(network: .\(network.rawValue)).share(_:image:) should throw its error to the caller, not swallow it (no `try?`, no empty `catch`): otherwise the caller believes the post went out"
                )
            }
        }
    }

    func testPostsKeepTheirTimeStamp() throws {
        let posts = try postsSent { try SocialPresenter(network: .facebook).share("Hello") }
        let text = posts.first?.text ?? ""
        XCTAssertTrue(
            isStamped(text, message: "Hello"),
            "The post should still carry its time stamp, like \"Hello (2016-06-18 09:30 UTC)\", but it was \"\(text)\""
        )
    }
}
