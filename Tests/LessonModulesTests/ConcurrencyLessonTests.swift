import Clocks
import ConcurrencyLesson
import Dependencies
import DojoTestSupport
import Domain
import Foundation
import LessonSupport
import Testing

// MARK: - Helpers

/// An output that always fails: the failed state of a share screen, without a network.
private struct DownOutput: AsyncPostOutput {
    struct Down: Error, CustomStringConvertible {
        var description: String { "the network is down" }
    }

    func post(_ text: String) async throws {
        throw Down()
    }
}

/// An output that writes down each post with the trace id it ran under.
private actor TraceRecorder: AsyncPostOutput {
    private(set) var seen: [String] = []

    func post(_ text: String) async throws {
        seen.append("\(Trace.id ?? "none") \(text)")
    }
}

private func temporaryTimeline() throws -> (timeline: Timeline, folder: URL) {
    let folder = TestRunFolder.url.appendingPathComponent(TestRunFolder.uniqueName("concurrency-lesson"))
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return (Timeline(fileURL: folder.appendingPathComponent("timeline.txt")), folder)
}

/// Gives the main actor's queue a few turns, until `done()` holds (a redraw is a task).
@MainActor
private func settle(until done: () -> Bool) async {
    for _ in 0..<1000 where !done() {
        await Task.yield()
    }
}

// MARK: - Dependencies

@Suite("Lesson 10: Sendable dependencies, actors and clocks")
struct ConcurrencyDependencyTests {
    @Test("TimelineStore keeps every post of tasks posting at the same time")
    func storeUnderConcurrentPosts() async throws {
        let store = TimelineStore()
        let texts = (0..<Int.random(in: 100...200)).map { "post \($0)" }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for text in texts {
                group.addTask { try await store.post(text) }
            }
            try await group.waitForAll()
        }
        #expect(await store.posts.sorted() == texts.sorted())
    }

    @Test("RetryingPoster waits firstDelay, then twice as long, on the injected clock, and then gets through")
    func retryWaitsOnTheClock() async throws {
        let clock = ImmediateClock()
        let store = TimelineStore()
        let network = UnreliableNetwork(forwardingTo: store, failures: 2)
        let poster = RetryingPoster(wrapping: network, clock: clock, attempts: 3, firstDelay: .seconds(5))

        try await poster.post("Hello")

        #expect(await network.tries == 3)
        #expect(await store.posts == ["Hello"])
        #expect(clock.now == ImmediateClock.Instant(offset: .seconds(15)))
    }

    @Test("RetryingPoster throws the last try's error once every try failed")
    func retryGivesUp() async throws {
        let network = UnreliableNetwork(forwardingTo: TimelineStore(), failures: 9)
        let poster = RetryingPoster(wrapping: network, clock: ImmediateClock(), attempts: 4)
        await #expect(throws: UnreliableNetwork.Failure(tryNumber: 4)) { try await poster.post("Hello") }
    }

    @Test("DelayedPoster waits on the continuousClock in force where it was made, even outside withDependencies")
    func delayedPosterUsesTheDependencyClock() async throws {
        let clock = ImmediateClock()
        let store = TimelineStore()
        let poster = withDependencies {
            $0.continuousClock = clock
        } operation: {
            DelayedPoster(output: store)
        }
        try await poster.post("Later", after: .seconds(60))
        #expect(await store.posts == ["Later"])
        #expect(clock.now == ImmediateClock.Instant(offset: .seconds(60)))
    }

    @Test("BatchSharer posts to every output under the caller's trace id; Task.detached would not keep it")
    func batchKeepsTheTrace() async throws {
        let outputs = [TraceRecorder(), TraceRecorder(), TraceRecorder()]
        try await Trace.$id.withValue("share-9") {
            try await BatchSharer(outputs: outputs).share("Hi")
            let detached = TraceRecorder()
            try await Task.detached { try await detached.post("Hi") }.value
            #expect(await detached.seen == ["none Hi"])
        }
        for output in outputs {
            #expect(await output.seen == ["share-9 Hi"])
        }
    }

    @Test("BatchSharer throws the error of an output that fails")
    func batchThrows() async {
        await #expect(throws: DownOutput.Down.self) {
            try await BatchSharer(outputs: [TimelineStore(), DownOutput()]).share("Hi")
        }
    }
}

// MARK: - Models on the main actor

@Suite("Lesson 10: models on the main actor, and the terminal view")
@MainActor
struct ConcurrencyModelTests {
    @Test("ShareModel sends the text through the injected output and says so")
    func shareModelSends() async {
        let store = TimelineStore()
        let model = ShareModel(output: store)
        model.text = "Good morning"
        await model.share()
        #expect(model.status == .sent("Good morning"))
        #expect(model.text.isEmpty)
        #expect(await store.posts == ["Good morning"])
    }

    @Test("ShareModel shows a failed share, and keeps the text")
    func shareModelFails() async {
        let model = ShareModel(output: DownOutput())
        model.text = "Good evening"
        await model.share()
        #expect(model.status == .failed("the network is down"))
        #expect(model.text == "Good evening")
    }

    @Test("MentionSearchModel searches once the pause is over, and clears the suggestions for an empty query")
    func mentionSearch() async {
        let model = MentionSearchModel(directory: FriendList(["Ada", "Ann", "Anna"]), clock: ImmediateClock())
        model.queryChanged("an")
        await model.searchTask?.value
        #expect(model.suggestions == ["Ann", "Anna"])
        model.queryChanged("")
        #expect(model.suggestions.isEmpty)
        #expect(model.searchTask == nil)
    }

    @Test("TerminalShareView draws the sheet again after each change it reads, and not for others")
    func viewRedraws() async {
        let output = CapturedOutput()
        let model = ShareModel(output: TimelineStore())
        let view = TerminalShareView(model: model, screen: TerminalScreen(write: output.write))
        view.show()
        #expect(view.drawings == 1)
        #expect(output.text.contains("Share · editing"))

        model.text = "Kites"
        await settle { view.drawings == 2 }
        #expect(view.drawings == 2)
        #expect(output.text.contains("Kites"))

        await model.share()
        await settle { output.text.contains("sent: Kites") }
        #expect(output.text.contains("Share · sent: Kites"))
    }
}

// MARK: - The demo

@Suite("Lesson 10: run")
@MainActor
struct ConcurrencyWalkTests {
    func walk(_ part: ConcurrencyPart, failures: Int = 2, typing: [String] = ["a", "an", "ann"]) async throws -> (text: String, posts: [Post]) {
        let output = CapturedOutput()
        let (timeline, folder) = try temporaryTimeline()
        defer { try? FileManager.default.removeItem(at: folder) }
        await ConcurrencyWalk(part: part, text: "Hello", failures: failures, typing: typing, timeline: timeline, write: output.write).run()
        return (output.text, try timeline.posts())
    }

    @Test("run: the share screen retries on the clock, posts once to the timeline, and is drawn at each step")
    func share() async throws {
        let (text, posts) = try await walk(.share, failures: 2)
        #expect(posts == [Post(network: .twitter, text: "Hello")])
        #expect(text.contains("(the clock waits 100 ms)"))
        #expect(text.contains("(the clock waits 200 ms)"))
        #expect(!text.contains("(the clock waits 400 ms)"))
        #expect(text.contains("Share · sent: Hello"))
    }

    @Test("run --part search: the last query is searched, and its names suggested")
    func search() async throws {
        let (text, _) = try await walk(.search, typing: ["g", "gr"])
        #expect(text.contains("search \"gr\""))
        #expect(text.contains("suggestions: Grace"))
    }

    @Test("run --part trace: Task {} and a task group keep the trace, Task.detached does not")
    func trace() async throws {
        let (text, _) = try await walk(.trace)
        #expect(text.contains("share-42 · from Task {}"))
        #expect(text.contains("share-42 · from a task group's child"))
        #expect(text.contains("no trace · from Task.detached"))
    }

    @Test("run rejects a number of failures the retry cannot get past")
    func badFailures() {
        #expect(throws: DemoUsageError.self) {
            try ConcurrencyDemo.run(arguments: ["--failures", "7"], context: DemoContext(workspaceDirectory: URL(fileURLWithPath: "/nonexistent"), write: { _ in }))
        }
    }
}
