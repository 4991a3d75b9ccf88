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

    func testAFacebookPresenterPostsToFacebook() throws {
        let posts = try postsSent { try SocialPresenter(network: .facebook).share("Hello") }
        XCTAssertEqual(posts.count, 1, "`share` should send exactly one post")
        XCTAssertEqual(
            posts.first?.network, .facebook,
            "SocialPresenter(network: .facebook).share(\"Hello\") should post to Facebook, but the post went to \(posts.first?.network.displayName ?? "nowhere")"
        )
    }

    func testAFacebookPresenterPostsPicturesToFacebook() throws {
        let posts = try postsSent {
            try SocialPresenter(network: .facebook).share("Look", image: Image(named: "cat.jpg"))
        }
        XCTAssertEqual(posts.count, 1, "`share(_:image:)` should send exactly one post")
        XCTAssertEqual(
            posts.first?.network, .facebook,
            "A post with a picture from SocialPresenter(network: .facebook) should go to Facebook too, but it went to \(posts.first?.network.displayName ?? "nowhere")"
        )
        XCTAssertEqual(posts.first?.imageName, "cat.jpg", "The picture should be attached to the Facebook post")
    }

    func testTwitterStillWorksAndIsTheDefault() throws {
        let posts = try postsSent {
            try SocialPresenter().share("Default")
            try SocialPresenter(network: .twitter).share("Chosen")
        }
        XCTAssertEqual(
            posts.map(\.network), [.twitter, .twitter],
            "SocialPresenter() and SocialPresenter(network: .twitter) should both still post to Twitter"
        )
    }

    func testPostsKeepTheirTimeStamp() throws {
        let posts = try postsSent { try SocialPresenter(network: .facebook).share("Hello") }
        let text = posts.first?.text ?? ""
        XCTAssertTrue(
            text.hasPrefix("Hello (") && text.hasSuffix(" UTC)"),
            "The post should still carry its time stamp, like \"Hello (2016-06-18 09:30 UTC)\", but it was \"\(text)\""
        )
    }
}
