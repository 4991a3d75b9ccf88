import XCTest
import Dependencies
import Domain
import DependencyValuesLesson

/// The checks never rely on the context the library guesses for this program: they call the
/// key's values directly, or override what they use with `withDependencies`.
final class PostingClientChecks: XCTestCase {
    private let hello = Post(network: .facebook, text: "Hello")

    func testTheLiveValueWritesToTheStandardTimeline() throws {
        let before = try Timeline.standard.posts().count
        try PostingClient.liveValue.send(hello)
        let posts = try Timeline.standard.posts()
        XCTAssertEqual(
            Array(posts.dropFirst(before)), [hello],
            "PostingClient.liveValue.send should append the post to Timeline.standard, once"
        )
        XCTAssertEqual(
            try PostingClient.liveValue.sentPosts(), posts,
            "PostingClient.liveValue.sentPosts should return Timeline.standard.posts()"
        )
    }

    func testTheTestValueIsUnimplemented() {
        let collector = IssueCollector()
        // The collector stands in for the library's default reporter, which would only print
        // a line here: this program does not look like a test run to the library.
        let thrown = withIssueReporters([collector]) { () -> (any Error)? in
            do {
                try PostingClient.testValue.send(hello)
                return nil
            } catch {
                return error
            }
        }
        XCTAssertNotNil(
            thrown,
            "PostingClient.testValue.send should throw: the test value should be PostingClient(), whose endpoints are unimplemented"
        )
        XCTAssertTrue(
            collector.messages.contains { $0.contains("Unimplemented") },
            "Calling an endpoint of PostingClient.testValue should report \"Unimplemented: …\"; it reported: \(collector.messages)"
        )
    }

    func testAnnouncerUsesAnOverriddenEndpoint() throws {
        let sent = LockIsolated<[Post]>([])
        try withDependencies {
            $0.postingClient.send = { post in sent.withValue { $0.append(post) } }
        } operation: {
            try Announcer().announce("we moved")
        }
        XCTAssertEqual(
            sent.value, [Post(network: .twitter, text: "News: we moved")],
            "Announcer should send its post through the `send` endpoint of \\.postingClient"
        )
    }

    func testTheKeyPathAndTheTypeNameTheSameDependency() throws {
        let overridden = [hello]
        let seen = try withDependencies {
            $0[PostingClient.self].sentPosts = { overridden }
        } operation: { () throws -> [Post] in
            @Dependency(\.postingClient) var client
            return try client.sentPosts()
        }
        XCTAssertEqual(
            seen, overridden,
            "\\.postingClient should read and write self[PostingClient.self], so both spellings reach one value"
        )
    }
}
