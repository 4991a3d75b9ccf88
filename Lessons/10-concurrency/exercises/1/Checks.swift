import ConcurrencyLesson
import XCTest

/// Words for the checks' random texts, so that no list of posts can be written in advance.
let words = ["sunrise", "coffee", "harbour", "kites", "rain", "jazz", "tulips", "trains", "snow", "figs"]

func randomTexts(_ count: Int) -> [String] {
    (0..<count).map { "\(words.randomElement()!) #\(Int.random(in: 100...999))-\($0)" }
}

final class MemoryTimelineChecks: XCTestCase {
    var isActor: Bool { (MemoryTimeline.self as Any) is any Actor.Type }

    func testMemoryTimelineIsAnActor() {
        XCTAssertTrue(isActor, """
            MemoryTimeline should be an actor (`actor MemoryTimeline`). A class marked \
            `@unchecked Sendable` or with `nonisolated(unsafe)` posts only silences the \
            compiler: tasks still change `posts` at the same time. A `@MainActor` class makes \
            every post of the background sync wait for the main thread.
            """)
    }

    func testPostsSentAtTheSameTimeAllArrive() async throws {
        guard isActor else {
            return XCTFail("Not tried: posting from many tasks at once into a class that is not an actor can crash the checks.")
        }
        let texts = randomTexts(Int.random(in: 150...300))
        let timeline = await MemoryTimeline(capacity: texts.count + 10)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for text in texts {
                group.addTask { try await timeline.post(text) }
            }
            try await group.waitForAll()
        }
        let posts = await timeline.posts
        XCTAssertEqual(posts.sorted(), texts.sorted(), "\(texts.count) posts sent at the same time should all be in the timeline, each once; found \(posts.count)")
    }

    func testTheTimelineKeepsTheNewestPostsUpToItsCapacity() async throws {
        let capacity = Int.random(in: 2...5)
        let texts = randomTexts(capacity + Int.random(in: 1...4))
        let timeline = await MemoryTimeline(capacity: capacity)
        for text in texts {
            try await timeline.post(text)
        }
        let posts = await timeline.posts
        XCTAssertEqual(posts, Array(texts.suffix(capacity)), "With capacity \(capacity), after \(texts.count) posts the timeline should keep the newest \(capacity), oldest first: the oldest post goes, not the new one")
    }

    func testBelowItsCapacityTheTimelineKeepsEveryPostInOrder() async throws {
        let texts = randomTexts(Int.random(in: 1...4))
        let timeline = await MemoryTimeline(capacity: texts.count + Int.random(in: 0...3))
        for text in texts {
            try await timeline.post(text)
        }
        let posts = await timeline.posts
        XCTAssertEqual(posts, texts, "Every post should be kept, in the order it was sent")
    }
}
