import XCTest
import Dependencies
import DependencyValuesLesson
import Domain

/// Every check publishes inside a scope with a client of its own, so a draft that escapes its
/// scope is caught here whatever context the library guesses for this program.
final class DraftQueueChecks: XCTestCase {
    private static let day = Date(timeIntervalSince1970: 1_466_208_000)  // 2016-06-18 00:00 UTC

    /// A client that records what it is sent into `posts`.
    private func recorder(_ posts: LockIsolated<[String]>) -> SocialClient {
        SocialClient(send: { post in posts.withValue { $0.append(post.text) } }, sentPosts: { [] })
    }

    func testADraftIsPublishedByTheClientOfTheScopeThatSavedIt() throws {
        let tour = LockIsolated<[String]>([])
        let app = LockIsolated<[String]>([])
        let queue = DraftQueue()
        withDependencies {
            $0[SocialClient.self] = recorder(tour)
            $0.date.now = Self.day
        } operation: {
            queue.save("Hello")
        }
        try withDependencies {
            $0[SocialClient.self] = recorder(app)
            $0.date.now = Date(timeIntervalSince1970: 0)
        } operation: {
            try queue.publishAll()
        }
        XCTAssertEqual(
            app.value, [],
            "The draft saved in the tour's scope was published by the client in force when publishAll() ran: \(app.value)"
        )
        XCTAssertEqual(
            tour.value, ["Hello (2016-06-18 00:00 UTC)"],
            "The draft should be published by the client, and stamped by the date, in force when save(_:) was called"
        )
    }

    func testDraftsArePublishedOldestFirst() throws {
        let posts = LockIsolated<[String]>([])
        let queue = DraftQueue()
        let texts = ["Coffee first", "Then the train", "Office at last"]
        withDependencies { $0[SocialClient.self] = recorder(posts); $0.date.now = Self.day } operation: {
            texts.forEach(queue.save)
        }
        try queue.publishAll()
        XCTAssertEqual(posts.value, texts.map { "\($0) (2016-06-18 00:00 UTC)" }, "publishAll() should publish the drafts in the order they were saved, oldest first")
    }

    func testAFailedDraftReachesTheCaller() {
        struct Offline: Error {}
        let queue = DraftQueue()
        withDependencies {
            $0[SocialClient.self] = SocialClient(send: { _ in throw Offline() }, sentPosts: { [] })
            $0.date.now = Self.day
        } operation: {
            queue.save("Lost?")
        }
        XCTAssertThrowsError(try queue.publishAll(), "The client failed to send the draft, and publishAll() did not throw: its error should reach the caller, not be swallowed (no `try?`)") { error in
            XCTAssertTrue(error is Offline, "publishAll() should throw the client's own error; it threw \(error)")
        }
    }

    func testDraftsFromTwoScopesKeepTheirOwnClients() throws {
        let first = LockIsolated<[String]>([])
        let second = LockIsolated<[String]>([])
        let app = LockIsolated<[String]>([])
        let queue = DraftQueue()
        withDependencies { $0[SocialClient.self] = recorder(first); $0.date.now = Self.day } operation: {
            queue.save("one")
        }
        withDependencies { $0[SocialClient.self] = recorder(second); $0.date.now = Self.day } operation: {
            queue.save("two")
        }
        try withDependencies { $0[SocialClient.self] = recorder(app) } operation: {
            try queue.publishAll()
        }
        XCTAssertEqual(
            [first.value, second.value, app.value],
            [["one (2016-06-18 00:00 UTC)"], ["two (2016-06-18 00:00 UTC)"], []],
            "Each draft should go to the client of the scope it was saved in (first, second), none to the app's"
        )
    }

    func testADraftKeepsTheDateOfTheScopeThatSavedIt() throws {
        let tour = LockIsolated<[String]>([])
        let app = LockIsolated<[String]>([])
        let queue = DraftQueue()
        withDependencies {
            // Only the client is swapped here: the date in force is the real one.
            $0.context = .live
            $0[SocialClient.self] = recorder(tour)
        } operation: {
            queue.save("Hello")
        }
        try withDependencies {
            $0[SocialClient.self] = recorder(app)
            $0.date.now = Date(timeIntervalSince1970: 0)
        } operation: {
            try queue.publishAll()
        }
        XCTAssertEqual(app.value, [], "The draft was published by the client in force when publishAll() ran")
        XCTAssertEqual(tour.value.count, 1, "The draft should be published once, by the client of the scope that saved it")
        XCTAssertFalse(
            tour.value.contains { $0.hasSuffix("(1970-01-01 00:00 UTC)") },
            "The draft was stamped 1970-01-01, the date of the scope that published it, though the scope that saved it uses the real date: a dependency read outside `dependencies.yield { … }` still sees the publishing scope wherever the saving scope set nothing. Declare both `@Dependency` lines inside the `yield`."
        )
    }

    func testPublishingEmptiesTheQueue() throws {
        let sent = LockIsolated<[String]>([])
        let queue = DraftQueue()
        try withDependencies { $0[SocialClient.self] = recorder(sent); $0.date.now = Self.day } operation: {
            queue.save("once")
            try queue.publishAll()
            try queue.publishAll()
        }
        XCTAssertEqual(sent.value, ["once (2016-06-18 00:00 UTC)"], "A draft should be published once, then leave the queue")
    }
}
