import DojoTestSupport
import ConstructorInjection
import Domain
import Foundation
import LessonSupport
import Testing

// MARK: Test doubles (shown on the lesson's page "Stubs, spies, mocks and fakes";
// private, so that other lessons' tests in this target may use the same names)

/// A stub: answers `now()` with one chosen moment, and remembers nothing.
private struct StubClock: Clock {
    let date: Date
    func now() -> Date { date }
}

/// A spy: records every post it receives; the test asks it afterwards.
private final class SpyOutput: SocialPostOutput {
    private(set) var posts: [(text: String, image: Image?)] = []
    func post(_ text: String) { posts.append((text, nil)) }
    func post(_ text: String, image: Image) { posts.append((text, image)) }
}

/// A mock: told in advance which texts it must receive; checks itself.
private final class MockOutput: SocialPostOutput {
    private let expected: [String]
    private var received: [String] = []
    init(expecting expected: [String]) { self.expected = expected }
    func post(_ text: String) { received.append(text) }
    func post(_ text: String, image: Image) { received.append(text) }
    func verify() {
        #expect(received == expected, "other posts than expected")
    }
}

/// A fake: a social network that lives in memory and really keeps posts.
private final class InMemoryNetwork: SocialPostOutput {
    private(set) var timeline: [Post] = []
    func post(_ text: String) {
        timeline.append(Post(network: .twitter, text: text))
    }
    func post(_ text: String, image: Image) {
        timeline.append(
            Post(network: .twitter, text: text, imageName: image.name))
    }
}

/// An output whose network is always down.
private struct FailingOutput: SocialPostOutput {
    struct Down: Error, CustomStringConvertible {
        var description: String { "the network is down" }
    }
    func post(_ text: String) throws { throw Down() }
    func post(_ text: String, image: Image) throws { throw Down() }
}

/// A screen that draws nothing, for clients built in these tests.
private struct BlankScreen: Screen {
    func present(_ sheet: Sheet) {}
}

/// 2016-06-18 00:00 UTC, the day the lessons' fixed clocks stop at.
private let june18 = Date(timeIntervalSince1970: 1_466_208_000)

// MARK: The presenter

@Suite("ConstructorInjection.SocialPresenter")
struct ConstructorInjectionPresenterTests {
    @Test("share posts the text, stamped by the injected clock, exactly once through the output")
    func sharePostsOnce() throws {
        let output = SpyOutput()
        let presenter = SocialPresenter(output: output, clock: StubClock(date: june18), logger: RecordingLogger())
        try presenter.share("Hello")
        #expect(output.posts.map(\.text) == ["Hello (2016-06-18 00:00 UTC)"])
        #expect(output.posts.first?.image == nil)
    }

    @Test("share with a picture posts the stamped text and the picture together")
    func sharePicture() throws {
        let output = SpyOutput()
        let presenter = SocialPresenter(output: output, clock: StubClock(date: june18), logger: RecordingLogger())
        try presenter.share("Look", image: Image(named: "cat.jpg"))
        #expect(output.posts.map(\.text) == ["Look (2016-06-18 00:00 UTC)"])
        #expect(output.posts.first?.image == Image(named: "cat.jpg"))
    }

    @Test("share(_:at:) stamps the post with the date it is given, not with the clock's")
    func methodInjectedDate() throws {
        let output = SpyOutput()
        let presenter = SocialPresenter(output: output, clock: StubClock(date: june18), logger: RecordingLogger())
        try presenter.share("Written last night", at: Date(timeIntervalSince1970: 1_466_199_900))
        #expect(output.posts.map(\.text) == ["Written last night (2016-06-17 21:45 UTC)"])
    }

    @Test("every successful share is logged once at info level, with the text as posted")
    func logsSuccess() throws {
        let logger = RecordingLogger()
        let presenter = SocialPresenter(output: SpyOutput(), clock: StubClock(date: june18), logger: logger)
        try presenter.share("Hello")
        try presenter.share("Look", image: Image(named: "cat.jpg"))
        #expect(logger.messages(at: .info) == ["shared \"Hello (2016-06-18 00:00 UTC)\"", "shared \"Look (2016-06-18 00:00 UTC)\""])
        #expect(logger.messages(at: .error).isEmpty)
    }

    @Test("a failing output is logged as an error and its error still reaches the caller")
    func logsAndRethrowsFailure() {
        let logger = RecordingLogger()
        let presenter = SocialPresenter(output: FailingOutput(), clock: StubClock(date: june18), logger: logger)
        #expect(throws: FailingOutput.Down.self) { try presenter.share("Hello") }
        #expect(logger.messages(at: .error) == ["could not share \"Hello (2016-06-18 00:00 UTC)\": the network is down"])
        #expect(logger.messages(at: .info).isEmpty)
    }

    @Test("a mock that expects one stamped post is satisfied by one share")
    func mockIsSatisfied() throws {
        let mock = MockOutput(expecting: ["Hello (2016-06-18 00:00 UTC)"])
        try SocialPresenter(output: mock, clock: StubClock(date: june18), logger: RecordingLogger()).share("Hello")
        mock.verify()
    }

    @Test("a fake in-memory network keeps what the presenter shares, picture included")
    func fakeKeepsPosts() throws {
        let network = InMemoryNetwork()
        let presenter = SocialPresenter(output: network, clock: StubClock(date: june18), logger: RecordingLogger())
        try presenter.share("One")
        try presenter.share("Two", image: Image(named: "sun.jpg"))
        #expect(network.timeline == [
            Post(network: .twitter, text: "One (2016-06-18 00:00 UTC)"),
            Post(network: .twitter, text: "Two (2016-06-18 00:00 UTC)", imageName: "sun.jpg"),
        ])
    }
}

// MARK: The composition root

@Suite("ConstructorInjection.SocialAppComposition")
struct SocialAppCompositionTests {
    @Test("the composition root builds the client of the network it is asked for", arguments: SocialNetwork.allCases)
    func buildsTheChosenClient(network: SocialNetwork) throws {
        let timeline = Timeline(fileURL: TestRunFolder.url.appendingPathComponent(TestRunFolder.uniqueName("ci") + ".txt"))
        defer { try? timeline.removeAll() }
        let composition = SocialAppComposition(screen: BlankScreen(), timeline: timeline, logger: RecordingLogger())
        try composition.makePresenter(for: network, clock: StubClock(date: june18)).share("Hi")
        #expect(try timeline.posts() == [Post(network: network, text: "Hi (2016-06-18 00:00 UTC)")])
    }

    @Test("the presenter made by the root logs through the root's logger")
    func usesTheRootsLogger() throws {
        let timeline = Timeline(fileURL: TestRunFolder.url.appendingPathComponent(TestRunFolder.uniqueName("ci") + ".txt"))
        defer { try? timeline.removeAll() }
        let logger = RecordingLogger()
        let composition = SocialAppComposition(screen: BlankScreen(), timeline: timeline, logger: logger)
        try composition.makePresenter(for: .facebook, clock: StubClock(date: june18)).share("Hi")
        #expect(logger.messages(at: .info) == ["shared \"Hi (2016-06-18 00:00 UTC)\""])
    }
}

// MARK: The demo (`run`)

/// Runs the lesson 2 demo in a fresh workspace and returns everything it wrote.
private func runConstructorDemo(_ arguments: [String]) throws -> (output: String, timeline: [Post]) {
    let workspace = TestRunFolder.url.appendingPathComponent(TestRunFolder.uniqueName("ci-demo"))
    try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: workspace) }
    let collected = CapturedOutput()
    try ConstructorInjectionDemo.run(arguments: arguments, context: DemoContext(workspaceDirectory: workspace, write: collected.append))
    let posts = try Timeline(fileURL: workspace.appendingPathComponent("timeline.txt")).posts()
    return (collected.text, posts)
}

@Suite("ConstructorInjectionDemo")
struct ConstructorInjectionDemoTests {
    @Test("run posts once to the chosen network with a fixed clock, and says so", arguments: SocialNetwork.allCases)
    func fixedClock(network: SocialNetwork) throws {
        let (output, posts) = try runConstructorDemo(["--client", network.rawValue, "--clock", "fixed:2016-06-18"])
        let clientType = network == .twitter ? "TwitterClient" : "FacebookClient"
        #expect(posts == [Post(network: network, text: "Hello from DIDojo! (2016-06-18 00:00 UTC)")])
        #expect(output.contains("  let output = \(clientType)(screen: terminal, timeline: timeline)\n"))
        #expect(output.contains("  let clock = FixedClock(day: \"2016-06-18\")\n"))
        #expect(output.contains("┌─ \(network.displayName) · compose"))
        #expect(output.contains("[info] shared \"Hello from DIDojo! (2016-06-18 00:00 UTC)\"\n"))
        #expect(output.contains("  \(network.displayName): Hello from DIDojo! (2016-06-18 00:00 UTC)\n"))
        #expect(output.contains("SocialPresenter did not change. The same compiled class posted to \(network.displayName) with a clock stopped at 2016-06-18. Only the composition root chose:\n"))
    }

    @Test("run with the system clock stamps the post with the real time", arguments: SocialNetwork.allCases)
    func systemClock(network: SocialNetwork) throws {
        let before = Date().utcStamp
        let (output, posts) = try runConstructorDemo(["--client", network.rawValue, "--clock", "system"])
        let after = Date().utcStamp
        #expect(output.contains("  let clock = SystemClock()\n"))
        #expect(output.contains(" with the real clock. Only the composition root chose:\n"))
        let text = try #require(posts.first).text
        #expect(posts.map(\.network) == [network])
        #expect(text == "Hello from DIDojo! (\(before))" || text == "Hello from DIDojo! (\(after))")
    }

    @Test("run without options injects a TwitterClient and the system clock")
    func defaults() throws {
        let (output, posts) = try runConstructorDemo([])
        #expect(posts.map(\.network) == [.twitter])
        #expect(output.contains("let output = TwitterClient("))
        #expect(output.contains("let clock = SystemClock()"))
    }

    @Test("run --text and --image share the learner's own text and picture")
    func textAndImage() throws {
        let (output, posts) = try runConstructorDemo(["--clock", "fixed:2016-06-18", "--text", "Good morning", "--image", "sun.jpg"])
        #expect(posts == [Post(network: .twitter, text: "Good morning (2016-06-18 00:00 UTC)", imageName: "sun.jpg")])
        #expect(output.contains("  try presenter.share(\"Good morning\", image: Image(named: \"sun.jpg\"))\n"))
        #expect(output.contains("│ [image: sun.jpg]"))
    }

    @Test("an unknown client is refused with ArgumentParser's message naming the valid ones")
    func unknownClient() {
        let error = #expect(throws: DemoUsageError.self) { try runConstructorDemo(["--client", "nope"]) }
        let message = error?.message ?? ""
        #expect(message.contains("'nope'"))
        #expect(message.contains("--client"))
        #expect(message.contains("twitter") && message.contains("facebook"))
    }

    @Test("an unreadable clock is refused with a message that shows the accepted form")
    func unknownClock() {
        let error = #expect(throws: DemoUsageError.self) { try runConstructorDemo(["--clock", "tomorrow"]) }
        let message = error?.message ?? ""
        #expect(message.contains("--clock"))
        #expect(message.contains("fixed:2016-06-18"))
    }

    @Test("the lesson's pages show only code that exists in the module or in these tests")
    func pagesMatchTheCode() throws {
        let problems = try PageCode.blocksNotFound(lessonFolder: "02-constructor", module: "ConstructorInjection", testFile: #filePath)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n\n"))")
    }
}
