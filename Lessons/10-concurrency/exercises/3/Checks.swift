import ConcurrencyExtras
import ConcurrencyLesson
import XCTest

/// How many posts are under way at once, at most: each output enters before it posts and
/// leaves after.
actor InFlight {
    private var now = 0
    private(set) var most = 0
    /// The outputs' indices, in the order their posts started.
    private(set) var started: [Int] = []

    func enter(_ index: Int) {
        now += 1
        most = max(most, now)
        started.append(index)
    }

    func leave() {
        now -= 1
    }
}

/// An output that takes a moment to post (20 ms, for real: the checks' own wait, so that posts
/// sent together overlap), then writes down the text and the trace id it was posted under.
actor SlowOutput: AsyncPostOutput {
    struct Down: Error, Equatable, CustomStringConvertible {
        let index: Int
        var description: String { "output \(index) is down" }
    }

    private let index: Int
    private let fails: Bool
    private let inFlight: InFlight
    private(set) var posts: [String] = []
    private(set) var traces: [String?] = []

    init(index: Int, fails: Bool = false, inFlight: InFlight) {
        self.index = index
        self.fails = fails
        self.inFlight = inFlight
    }

    func post(_ text: String) async throws {
        let trace = Trace.id
        await inFlight.enter(index)
        try? await Task.sleep(for: .milliseconds(20))
        await inFlight.leave()
        if fails { throw Down(index: index) }
        posts.append(text)
        traces.append(trace)
    }
}

final class BatchSharerChecks: XCTestCase {
    let text = "\(["Lunch", "Sunset", "Kites", "Snow"].randomElement()!) #\(Int.random(in: 100...999))"
    let count = Int.random(in: 3...6)

    func makeOutputs(failing: Int? = nil) -> (outputs: [SlowOutput], inFlight: InFlight) {
        let inFlight = InFlight()
        return ((0..<count).map { SlowOutput(index: $0, fails: $0 == failing, inFlight: inFlight) }, inFlight)
    }

    /// Waits (2 s at most) until every output has posted, for the checks that look at what
    /// was posted, not at when.
    func waitForPosts(_ outputs: [SlowOutput]) async {
        for _ in 0..<200 {
            var done = true
            for output in outputs where await output.posts.isEmpty { done = false }
            if done { return }
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    func testWhenShareReturnsEveryOutputHasThePost() async throws {
        let (outputs, _) = makeOutputs()
        try await BatchSharer(outputs: outputs).share(text)
        var done = 0
        for output in outputs where await output.posts == [text] { done += 1 }
        XCTAssertEqual(done, count, "When share returned, each of the \(count) outputs should have had the post, once; \(done) had: share returned before the posts were done (a `Task {}` nobody awaits?)")
    }

    /// Waits (2 s at most) until every output has `count` posts.
    func waitForPosts(_ outputs: [SlowOutput], count: Int) async {
        for _ in 0..<200 {
            var done = true
            for output in outputs where await output.posts.count < count { done = false }
            if done { return }
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    func testEveryPostRunsUnderTheTraceOfTheShare() async throws {
        let number = Int.random(in: 1000...9998)
        let traces = ["share-\(number)", "share-\(number + 1)"]
        let (outputs, _) = makeOutputs()
        // Made once, before any share, as a composition root makes it; then shared twice.
        let sharer = BatchSharer(outputs: outputs)
        for trace in traces {
            try await Trace.$id.withValue(trace) {
                try await sharer.share(text)
            }
            await waitForPosts(outputs, count: traces.firstIndex(of: trace)! + 1)
        }
        var seen: [String] = []
        for output in outputs { seen += await output.traces.map { $0 ?? "no trace" } }
        let expected = Array(repeating: traces, count: count).flatMap { $0 }
        XCTAssertEqual(seen, expected, "Every post should run under the trace id of the share, \(traces[0]) for the first share and \(traces[1]) for the second; the \(count) outputs saw \(seen). `Task.detached` starts with no task-local values, and a `Task {}` copies those in force where it was created (one made in `init`, before the share, has none); the child tasks of a task group see the caller's.")
    }

    func testThePostsRunAtTheSameTime() async throws {
        let (outputs, inFlight) = makeOutputs()
        try await BatchSharer(outputs: outputs).share(text)
        await waitForPosts(outputs)
        let most = await inFlight.most
        XCTAssertEqual(most, count, "The \(count) posts should all be under way at the same time; at most \(most) were. Sent one after another, the slowest network holds up every other.")
    }

    func testAnOutputThatFailsFailsTheShare() async throws {
        let failing = Int.random(in: 0..<count)
        let (outputs, _) = makeOutputs(failing: failing)
        do {
            try await BatchSharer(outputs: outputs).share(text)
            XCTFail("Output \(failing) failed, and share returned as if every post went out: the error was swallowed. Let it reach the caller.")
        } catch let down as SlowOutput.Down {
            XCTAssertEqual(down, SlowOutput.Down(index: failing), "share should throw the failing output's own error")
        } catch {
            XCTFail("share should throw the failing output's own error, not \(error)")
        }
    }
}

/// On one serial executor (swift-concurrency-extras) tasks start in the order they were
/// created, so the order the posts were started in can be seen.
final class BatchSharerOrderChecks: XCTestCase {
    override func invokeTest() {
        withMainSerialExecutor {
            super.invokeTest()
        }
    }

    func testThePostsStartInTheOrderOfTheOutputs() async throws {
        let count = Int.random(in: 3...6)
        let inFlight = InFlight()
        let outputs = (0..<count).map { SlowOutput(index: $0, inFlight: inFlight) }
        try await BatchSharer(outputs: outputs).share("Kites #\(Int.random(in: 100...999))")
        for _ in 0..<200 where await inFlight.started.count < count {
            try? await Task.sleep(for: .milliseconds(10))
        }
        let started = await inFlight.started
        XCTAssertEqual(started, Array(0..<count), "The posts should be started in the order of `outputs`, output 0 first, each without waiting for the one before; they were started in the order \(started)")
    }
}
