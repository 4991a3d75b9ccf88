import ConcurrencyLesson
import XCTest

/// How many posts are under way at once, at most: each output enters before it posts and
/// leaves after.
actor InFlight {
    private var now = 0
    private(set) var most = 0

    func enter() {
        now += 1
        most = max(most, now)
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
        await inFlight.enter()
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

    func testEveryPostRunsUnderTheTraceOfTheShare() async throws {
        let trace = "share-\(Int.random(in: 1000...9999))"
        let (outputs, _) = makeOutputs()
        try await Trace.$id.withValue(trace) {
            try await BatchSharer(outputs: outputs).share(text)
        }
        await waitForPosts(outputs)
        var seen: [String] = []
        for output in outputs { seen += await output.traces.map { $0 ?? "no trace" } }
        XCTAssertEqual(seen, Array(repeating: trace, count: count), "Every post should run under the trace id of the share, \(trace); the \(count) outputs saw \(seen). `Task.detached` starts with no task-local values; the child tasks of a task group see the caller's.")
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
