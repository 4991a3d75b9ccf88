import XCTest
import Dependencies
import Domain
import DependencyValuesLesson

/// The checks never rely on the context the library guesses for this program: they call the
/// key's values directly, or override what they use with `withDependencies`.
final class PostingClientChecks: XCTestCase {
    private let hello = Post(network: .facebook, text: "Hello")

    func testTheLiveValueWritesToTheStandardTimeline() throws {
        // In the live context, so that a live value reading `\.timeline` gets the live timeline.
        try withDependencies {
            $0.context = .live
        } operation: {
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
    }

    func testTheLiveValueThrowsAFailedWrite() throws {
        // `DIDOJO_TIMELINE` names a file inside a regular file, which cannot be created: the
        // timeline's own failure. The variable is put back afterwards.
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-folder-\(UUID().uuidString)")
        try Data("a file, not a folder\n".utf8).write(to: blocker)
        let name = Timeline.environmentVariable
        let previous = ProcessInfo.processInfo.environment[name]
        setenv(name, blocker.appendingPathComponent("timeline.txt").path, 1)
        defer {
            if let previous { setenv(name, previous, 1) } else { unsetenv(name) }
            try? FileManager.default.removeItem(at: blocker)
        }
        let post = Post(network: .twitter, text: "Lost \(Int.random(in: 100...999))")
        try withDependencies {
            $0.context = .live
        } operation: {
            XCTAssertThrowsError(
                try PostingClient.liveValue.send(post),
                "With the timeline file impossible to write, PostingClient.liveValue.send should throw the timeline's error to the caller, not swallow it (no `try?`, no empty `catch`): otherwise the caller believes the post went out"
            )
        }
    }

    func testAnnouncerThrowsAFailedSend() throws {
        struct NetworkDown: Error, Equatable {
            let text: String
        }
        let news = "we moved \(Int.random(in: 100...999))"
        try withDependencies {
            $0.postingClient.send = { post in throw NetworkDown(text: post.text) }
        } operation: {
            XCTAssertThrowsError(
                try Announcer().announce(news),
                "When the `send` endpoint fails, Announcer.announce should throw its error to the caller, not swallow it (no `try?`, no empty `catch`)"
            ) { error in
                XCTAssertEqual(error as? NetworkDown, NetworkDown(text: "News: \(news)"), "Announcer.announce should throw the endpoint's own error; it threw \(error)")
            }
        }
    }

    func testTheEndpointsAreSendable() {
        // `@DependencyClient` keeps each endpoint in a stored closure, `_send` for `send`.
        let endpoints = Mirror(reflecting: PostingClient.liveValue).children.compactMap { child -> (name: String, type: String)? in
            let type = "\(type(of: child.value))"
            guard type.contains("->"), let label = child.label else { return nil }
            return (label.hasPrefix("_") ? String(label.dropFirst()) : label, type)
        }
        XCTAssertFalse(endpoints.isEmpty, "PostingClient should have its endpoints as closure properties, `send` and `sentPosts`")
        for endpoint in endpoints {
            XCTAssertTrue(
                endpoint.type.hasPrefix("@Sendable"),
                "PostingClient's `\(endpoint.name)` is a `\(endpoint.type)`, which is not @Sendable: a dependency's value must be Sendable, and a closure is Sendable only when its type says so. Write `@Sendable` before the closure type."
            )
        }
    }

    func testTheTestValueIsUnimplemented() throws {
        let before = try Timeline.standard.posts().count
        let collector = IssueCollector()
        // The collector stands in for the library's default reporter for this scope, so the
        // check can read what was reported instead of failing on it.
        let (sendThrew, sentPostsThrew) = withIssueReporters([collector]) { () -> (Bool, Bool) in
            let sendThrew = (try? PostingClient.testValue.send(hello)) == nil
            let sentPostsThrew = (try? PostingClient.testValue.sentPosts()) == nil
            return (sendThrew, sentPostsThrew)
        }
        let wroteToTheTimeline = try Timeline.standard.posts().count > before
        if collector.messages.contains(where: { $0.contains("has no test implementation") }) {
            return XCTFail(
                "PostingClient has no `testValue`: the library reported that it \"has no test implementation\" and fell back to the live value\(wroteToTheTimeline ? ", which wrote the post to the real timeline" : ""). Add `static let testValue = PostingClient()`."
            )
        }
        if wroteToTheTimeline {
            return XCTFail(
                "PostingClient.testValue.send wrote the post to the real timeline: the test value is the live one, so a test that forgets to override `send` posts for real. Make it `PostingClient()`, every endpoint unimplemented."
            )
        }
        XCTAssertTrue(
            sendThrew && sentPostsThrew,
            "PostingClient.testValue's endpoints should throw, and they \(sendThrew || sentPostsThrew ? "do not all" : "did not: they quietly do nothing, so a test that forgot an override would pass without a word"). The test value should be `PostingClient()`, whose endpoints are all unimplemented"
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

    func testTheKeyPathAndTheTypeNameTheSameDependency() {
        let overridden = [hello]
        let message = "\\.postingClient should read and write self[PostingClient.self], so both spellings reach one value"
        // Set through the type, read through the key path; then the other way round. A read
        // that misses the override reaches an unimplemented endpoint: collected, not failed on.
        let throughKeyPath = withDependencies {
            $0[PostingClient.self].sentPosts = { overridden }
        } operation: { () -> [Post]? in
            @Dependency(\.postingClient) var client
            return withIssueReporters([IssueCollector()]) { try? client.sentPosts() }
        }
        XCTAssertEqual(throughKeyPath, overridden, "Overridden as $0[PostingClient.self], read as \\.postingClient: \(message)")
        let throughType = withDependencies {
            $0.postingClient.sentPosts = { overridden }
        } operation: { () -> [Post]? in
            @Dependency(PostingClient.self) var client
            return withIssueReporters([IssueCollector()]) { try? client.sentPosts() }
        }
        XCTAssertEqual(throughType, overridden, "Overridden as $0.postingClient, read as PostingClient.self: \(message)")
    }
}
