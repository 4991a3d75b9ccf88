import Domain
import DojoTestSupport
import Foundation
import LessonSupport
import LifetimesLesson
import Swinject
import Testing

// MARK: - Helpers

/// An output whose first `failures` posts fail; it counts every try.
private final class FailingOutput: SocialPostOutput {
    struct Failure: Error, Equatable {
        let tryNumber: Int
    }

    private let failures: Int
    private(set) var tries = 0
    private(set) var sent: [String] = []

    init(failures: Int) {
        self.failures = failures
    }

    func post(_ text: String) throws {
        try attempt(text)
    }

    func post(_ text: String, image: Image) throws {
        try attempt("\(text) + \(image.name)")
    }

    private func attempt(_ what: String) throws {
        tries += 1
        if tries <= failures { throw Failure(tryNumber: tries) }
        sent.append(what)
    }
}

/// A clock whose every wait is cut short, as when the waiting task was cancelled.
private struct CancelledClock: WaitingClock {
    func now() -> Date { Date(timeIntervalSince1970: 0) }
    func sleep(for duration: Duration) throws { throw CancellationError() }
}

private extension ObjectScope {
    /// One instance per share action: kept across `resolve` calls until the root resets it.
    static let shareAction = ObjectScope(
        storageFactory: PermanentStorage.init, description: "shareAction")
}

private func temporaryWorkspace() throws -> URL {
    let folder = TestRunFolder.url.appendingPathComponent(TestRunFolder.uniqueName("lifetimes-lesson"))
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

/// The demo's output, and the posts it left in the workspace's timeline.
private func runDemo(_ arguments: [String]) throws -> (text: String, posts: [Post]) {
    let output = CapturedOutput()
    let workspace = try temporaryWorkspace()
    defer { try? FileManager.default.removeItem(at: workspace) }
    try LifetimesDemo.run(arguments: arguments, context: DemoContext(workspaceDirectory: workspace, write: output.write))
    let posts = try Timeline(fileURL: workspace.appendingPathComponent("timeline.txt")).posts()
    return (output.text, posts)
}

/// The cells of the demo's identity table row that starts with `name`.
private func row(_ name: String, in text: String) -> [String] {
    let line = text.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(name) } ?? ""
    return line.dropFirst(2 + name.count).split(separator: " ").map(String.init)
}

// MARK: - Lifetimes by hand

@Suite("Lesson 9: lifetimes wired by hand")
struct HandWiredLifetimeTests {
    @Test("ShareAppComposition gives each screen a draft of its own, shared with its presenter")
    func oneDraftPerScreen() throws {
        let logger = RecordingLogger()
        let network = FailingOutput(failures: 0)
        let root = ShareAppComposition(logger: logger, output: network)
        let first = root.makeShareScreen()
        let second = root.makeShareScreen()
        #expect(first.draft !== second.draft)
        #expect(second.presenter.draft === second.draft)
        #expect(first.presenter !== second.presenter)

        first.write("One")
        second.write("Two")
        try second.tapShare()
        try first.tapShare()
        #expect(network.sent == ["Two", "One"])
        #expect(logger.messages(at: .info) == ["shared \"Two\"", "shared \"One\""])
    }

    @Test("CaptiveShareComposition keeps its first presenter, and with it the first screen's draft")
    func captiveRoot() throws {
        let network = FailingOutput(failures: 0)
        let root = CaptiveShareComposition(logger: RecordingLogger(), output: network)
        let first = root.makeShareScreen()
        let second = root.makeShareScreen()
        #expect(second.presenter === first.presenter)
        #expect(second.presenter.draft === first.draft)
        #expect(second.draft !== first.draft)

        first.write("Good morning")
        second.write("Good evening")
        try second.tapShare()
        #expect(network.sent == ["Good morning"])
    }

    @Test("SharePresenter posts the draft's picture too, and logs a failure before throwing it on")
    func presenterPostsAndReports() throws {
        let logger = RecordingLogger()
        let network = FailingOutput(failures: 1)
        let presenter = SharePresenter(draft: Draft(text: "Look", image: Image(named: "cat.jpg")), output: network, logger: logger)
        #expect(throws: FailingOutput.Failure(tryNumber: 1)) { try presenter.share() }
        try presenter.share()
        #expect(network.sent == ["Look + cat.jpg"])
        #expect(logger.entries.map(\.description) == ["[error] could not share \"Look\": Failure(tryNumber: 1)", "[info] shared \"Look\""])
    }
}

// MARK: - Swinject

@Suite("Lesson 9: Swinject 2.10.0's object scopes behave as the page says")
struct ObjectScopeTests {
    @Test(".graph gives one draft per resolve(ShareScreen.self): shared by the screen and its presenter, new for the next screen")
    func graphDraft() throws {
        let container = SwinjectShareComposition.makeContainer(logger: RecordingLogger(), output: FailingOutput(failures: 0))
        let first = try #require(container.resolve(ShareScreen.self))
        let second = try #require(container.resolve(ShareScreen.self))
        #expect(first.draft === first.presenter.draft)
        #expect(second.draft === second.presenter.draft)
        #expect(first.draft !== second.draft)
        #expect(first.presenter !== second.presenter)
    }

    @Test(".container singletons are shared by every screen")
    func containerSingletons() throws {
        let logger = RecordingLogger()
        let network = FailingOutput(failures: 0)
        let container = SwinjectShareComposition.makeContainer(logger: logger, output: network)
        #expect(try #require(container.resolve((any Logger).self)) as AnyObject === logger)
        #expect(try #require(container.resolve((any SocialPostOutput).self)) as AnyObject === network)
        let first = try #require(container.resolve(ShareScreen.self))
        let second = try #require(container.resolve(ShareScreen.self))
        first.write("One")
        second.write("Two")
        try first.tapShare()
        try second.tapShare()
        #expect(network.sent == ["One", "Two"])
        #expect(logger.messages(at: .info).count == 2)
    }

    @Test("A presenter in .container is a captive dependency, built without a warning")
    func containerPresenterIsCaptive() throws {
        let network = FailingOutput(failures: 0)
        let container = SwinjectShareComposition.makeContainer(logger: RecordingLogger(), output: network, presenterScope: .container)
        let first = try #require(container.resolve(ShareScreen.self))
        let second = try #require(container.resolve(ShareScreen.self))
        #expect(second.presenter === first.presenter)
        #expect(second.presenter.draft === first.draft)
        #expect(second.draft !== first.draft)
        first.write("Good morning")
        second.write("Good evening")
        try second.tapShare()
        #expect(network.sent == ["Good morning"])
    }

    @Test(".weak shares the presenter while a screen still holds it, and builds a new one after")
    func weakPresenter() throws {
        let container = SwinjectShareComposition.makeContainer(logger: RecordingLogger(), output: FailingOutput(failures: 0), presenterScope: .weak)
        var first = container.resolve(ShareScreen.self)
        weak let firstPresenter = first?.presenter
        let second = try #require(container.resolve(ShareScreen.self))
        #expect(second.presenter === firstPresenter)  // the first screen is open: shared
        #expect(second.draft !== second.presenter.draft)
        first = nil
        #expect(firstPresenter != nil)  // the second screen holds it now
        let third = try #require(container.resolve(ShareScreen.self))
        #expect(third.presenter === second.presenter)  // still held by the second screen
    }

    @Test(".weak builds a new presenter once no screen holds the old one")
    func weakPresenterFreed() throws {
        let container = SwinjectShareComposition.makeContainer(logger: RecordingLogger(), output: FailingOutput(failures: 0), presenterScope: .weak)
        weak var freed: SharePresenter?
        do {
            let first = try #require(container.resolve(ShareScreen.self))
            freed = first.presenter
        }
        #expect(freed == nil)
        let next = try #require(container.resolve(ShareScreen.self))
        #expect(next.draft === next.presenter.draft)
    }

    @Test("A custom scope keeps one instance across resolves until resetObjectScope, and the reset leaves other scopes alone")
    func customScope() throws {
        let container = Container()
        container.register(Draft.self) { _ in Draft() }.inObjectScope(.shareAction)
        container.register((any Logger).self) { _ in RecordingLogger() }.inObjectScope(.container)
        let first = try #require(container.resolve(Draft.self))
        #expect(container.resolve(Draft.self) === first)
        let logger = try #require(container.resolve((any Logger).self)) as AnyObject

        container.resetObjectScope(.shareAction)
        let next = try #require(container.resolve(Draft.self))
        #expect(next !== first)
        #expect(container.resolve(Draft.self) === next)
        #expect(try #require(container.resolve((any Logger).self)) as AnyObject === logger)
    }

    @Test("The screen is .transient: every resolve builds a new one")
    func transientScreen() throws {
        let container = SwinjectShareComposition.makeContainer(logger: RecordingLogger(), output: FailingOutput(failures: 0))
        #expect(container.resolve(ShareScreen.self) !== container.resolve(ShareScreen.self))
    }
}

// MARK: - Decorators, composite, null object

@Suite("Lesson 9: decorators, the composite and the null object")
struct DecoratorTests {
    @Test("LoggingOutput logs before and after a post and forwards it unchanged")
    func loggingOutput() throws {
        let logger = RecordingLogger()
        let network = FailingOutput(failures: 0)
        let output = LoggingOutput(wrapping: network, logger: logger)
        try output.post("Hello")
        try output.post("Look", image: Image(named: "cat.jpg"))
        #expect(network.sent == ["Hello", "Look + cat.jpg"])
        #expect(logger.entries.map(\.description) == [
            "[info] posting \"Hello\"", "[info] posted \"Hello\"",
            "[info] posting \"Look\" with cat.jpg", "[info] posted \"Look\" with cat.jpg",
        ])
    }

    @Test("LoggingOutput logs a failure as an error and throws the same error on")
    func loggingOutputFailure() {
        let logger = RecordingLogger()
        let output = LoggingOutput(wrapping: FailingOutput(failures: 1), logger: logger)
        #expect(throws: FailingOutput.Failure(tryNumber: 1)) { try output.post("Hello") }
        #expect(logger.entries.map(\.description) == ["[info] posting \"Hello\"", "[error] could not post \"Hello\": Failure(tryNumber: 1)"])
    }

    @Test("RetryingOutput waits 100 ms, then 200 ms, on the injected clock, and takes no real time")
    func retryWithFakeClock() throws {
        let clock = FastForwardClock()
        let network = FailingOutput(failures: 2)
        let retry = RetryingOutput(
            wrapping: network, clock: clock, attempts: 3, firstDelay: .milliseconds(100))

        try retry.post("Hello")

        #expect(network.tries == 3)
        #expect(clock.waits == [.milliseconds(100), .milliseconds(200)])
    }

    @Test("RetryingOutput gives up after its attempts and throws the last try's error, without a last wait")
    func retryGivesUp() {
        let clock = FastForwardClock()
        let network = FailingOutput(failures: .max)
        let retry = RetryingOutput(wrapping: network, clock: clock, attempts: 4, firstDelay: .milliseconds(10))
        #expect(throws: FailingOutput.Failure(tryNumber: 4)) { try retry.post("Look", image: Image(named: "cat.jpg")) }
        #expect(network.tries == 4)
        #expect(clock.waits == [.milliseconds(10), .milliseconds(20), .milliseconds(40)])
    }

    @Test("RetryingOutput tries at least once, sends a post that works once, and stops when a wait is cut short")
    func retryEdges() throws {
        let once = FailingOutput(failures: .max)
        #expect(throws: FailingOutput.Failure(tryNumber: 1)) {
            try RetryingOutput(wrapping: once, clock: FastForwardClock(), attempts: 0).post("Hello")
        }
        #expect(once.tries == 1)

        let clock = FastForwardClock()
        let fine = FailingOutput(failures: 0)
        try RetryingOutput(wrapping: fine, clock: clock).post("Hello")
        #expect(fine.sent == ["Hello"])
        #expect(clock.waits.isEmpty)

        let cancelled = FailingOutput(failures: .max)
        #expect(throws: CancellationError.self) {
            try RetryingOutput(wrapping: cancelled, clock: CancelledClock()).post("Hello")
        }
        #expect(cancelled.tries == 1)
    }

    @Test("FastForwardClock moves its time forward by each wait, at once")
    func fastForwardClock() {
        let start = Date(timeIntervalSince1970: 1_466_208_000)
        let clock = FastForwardClock(start: start)
        clock.sleep(for: .milliseconds(250))
        clock.sleep(for: .seconds(2))
        #expect(clock.now() == start + 2.25)
        #expect(clock.waits == [.milliseconds(250), .seconds(2)])
    }

    @Test("SystemClock really waits, and a cancelled task's wait throws at once")
    func systemClockWaits() async throws {
        let start = ContinuousClock.now
        try SystemClock().sleep(for: .milliseconds(20))
        #expect(ContinuousClock.now - start >= .milliseconds(20))

        let task = Task { () throws -> Void in
            withUnsafeCurrentTask { $0?.cancel() }
            try SystemClock().sleep(for: .seconds(60))
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test("TimingOutput outside a retry times the waits too; inside, each try alone")
    func timingPosition() throws {
        let outsideClock = FastForwardClock()
        let outsideLog = RecordingLogger()
        let outside = TimingOutput(
            wrapping: RetryingOutput(wrapping: FailingOutput(failures: 2), clock: outsideClock),
            clock: outsideClock, logger: outsideLog)
        try outside.post("Hello")
        #expect(outsideLog.messages(at: .info) == ["the post took 300 ms"])

        let insideClock = FastForwardClock()
        let insideLog = RecordingLogger()
        let inside = RetryingOutput(
            wrapping: TimingOutput(wrapping: FailingOutput(failures: 2), clock: insideClock, logger: insideLog),
            clock: insideClock)
        try inside.post("Hello")
        #expect(insideLog.messages(at: .info) == ["the post took 0 ms", "the post took 0 ms", "the post took 0 ms"])
    }

    @Test("BroadcastOutput posts to every output even after a failure, then throws every failure in order")
    func broadcast() {
        let first = FailingOutput(failures: 1)
        let second = FailingOutput(failures: 0)
        let third = FailingOutput(failures: 1)
        let broadcast = BroadcastOutput([first, second, third])
        do {
            try broadcast.post("Hello")
            Issue.record("two outputs failed: post should throw")
        } catch let failure as BroadcastFailure {
            #expect(failure.errors.count == 2)
            #expect(failure.errors.compactMap { $0 as? FailingOutput.Failure } == [FailingOutput.Failure(tryNumber: 1), FailingOutput.Failure(tryNumber: 1)])
            #expect(failure.outputCount == 3)
            #expect(failure.description == "2 of 3 outputs failed: Failure(tryNumber: 1); Failure(tryNumber: 1)")
        } catch {
            Issue.record("unexpected error \(error)")
        }
        #expect(second.sent == ["Hello"])
        #expect(throws: Never.self) { try broadcast.post("Look", image: Image(named: "cat.jpg")) }
        #expect([first, second, third].map(\.sent) == [["Look + cat.jpg"], ["Hello", "Look + cat.jpg"], ["Look + cat.jpg"]])
    }

    @Test("A broadcast to nobody and a SilentLogger are null objects: they do nothing, and never fail")
    func nullObjects() throws {
        try BroadcastOutput([]).post("Hello")
        let network = FailingOutput(failures: 0)
        let presenter = SharePresenter(draft: Draft(text: "Quiet"), output: network, logger: SilentLogger())
        try presenter.share()
        #expect(network.sent == ["Quiet"])
    }

    @Test("FlakyOutput fails its first posts with a NetworkTimeout, then lets the rest through")
    func flaky() throws {
        let network = FailingOutput(failures: 0)
        let flaky = FlakyOutput(wrapping: network, network: .facebook, failures: 2)
        #expect(throws: NetworkTimeout(network: .facebook)) { try flaky.post("One") }
        #expect(throws: NetworkTimeout(network: .facebook)) { try flaky.post("Two", image: Image(named: "cat.jpg")) }
        try flaky.post("Three")
        #expect(network.sent == ["Three"])
        #expect(NetworkTimeout(network: .facebook).description == "Facebook did not answer in time")
    }
}

// MARK: - The demo

@Suite("Lesson 9: run --chain and run --lifetimes")
struct LifetimesDemoTests {
    @Test("--chain reads links outermost first, `none`, and refuses unknown words and a second broadcast")
    func chainParsing() throws {
        #expect(try OutputChain(parsing: "retry,log").links == [.retry, .log])
        #expect(try OutputChain(parsing: "log, broadcast ,retry").links == [.log, .broadcast, .retry])
        #expect(try OutputChain(parsing: "none").links == [])
        #expect(throws: ChainParseError(input: "retry,cache", reason: "\"cache\" is not a link; use \(OutputChain.syntax)")) {
            try OutputChain(parsing: "retry,cache")
        }
        #expect(throws: ChainParseError.self) { try OutputChain(parsing: "retry,,log") }
        #expect(throws: ChainParseError.self) { try OutputChain(parsing: "broadcast,retry,broadcast") }
    }

    @Test("run --chain retry,log: the logger inside the retry logs every try; one post reaches the timeline")
    func retryOutsideLog() throws {
        let (text, posts) = try runDemo(["--chain", "retry,log"])
        #expect(text.components(separatedBy: "[error] could not post \"Hello from DIDojo!\": Twitter did not answer in time").count - 1 == 2)
        #expect(text.components(separatedBy: "[info] posting").count - 1 == 3)
        #expect(text.contains("… waiting 100 ms") && text.contains("… waiting 200 ms"))
        #expect(posts == [Post(network: .twitter, text: "Hello from DIDojo!")])
        #expect(text.contains("Now try `run --chain log,retry`"))
    }

    @Test("run --chain log,retry: the logger outside sees one post and its outcome, and no failure")
    func logOutsideRetry() throws {
        let (text, posts) = try runDemo(["--chain", "log,retry", "--text", "Hi"])
        #expect(!text.contains("[error]"))
        #expect(text.components(separatedBy: "[info] posting \"Hi\"").count - 1 == 1)
        #expect(text.contains("[info] posted \"Hi\""))
        #expect(text.contains("… waiting 200 ms"))
        #expect(posts.map(\.text) == ["Hi"])
    }

    @Test("run --chain retry,broadcast posts to Twitter again at every retry; broadcast,retry does not")
    func broadcastOrder() throws {
        let outside = try runDemo(["--chain", "retry,broadcast"])
        #expect(outside.posts.map(\.network) == [.twitter, .twitter, .twitter, .facebook])
        #expect(outside.text.contains("Twitter got the post 3 times"))
        let inside = try runDemo(["--chain", "broadcast,retry"])
        #expect(inside.posts.map(\.network) == [.twitter, .facebook])
        #expect(inside.text.contains("├─ RetryingOutput"))
    }

    @Test("run with more failures than tries says the post could not be sent, and the timeline gains nothing")
    func givesUp() throws {
        let (text, posts) = try runDemo(["--chain", "time,retry", "--failures", "3"])
        #expect(text.contains("The post could not be sent: Twitter did not answer in time"))
        #expect(text.contains("the post took 300 ms"))
        #expect(text.contains("timeline.txt gained no posts."))
        #expect(posts.isEmpty)
    }

    @Test("run --lifetimes shows one presenter per screen by hand, and the captive one otherwise", arguments: LifetimesRoot.allCases)
    func lifetimes(root: LifetimesRoot) throws {
        let (text, posts) = try runDemo(["--lifetimes", root.rawValue])
        let captive = root == .captive || root == .swinjectCaptive
        #expect(row("its presenter", in: text) == (captive ? ["SharePresenter#1", "SharePresenter#1"] : ["SharePresenter#1", "SharePresenter#2"]))
        #expect(row("the screen's draft", in: text) == ["Draft#1", "Draft#2"])
        #expect(row("the presenter's draft", in: text) == (captive ? ["Draft#1", "Draft#1"] : ["Draft#1", "Draft#2"]))
        #expect(posts.map(\.text) == [captive ? "Good morning" : "Good evening"])
    }

    @Test("Unknown links and out-of-range failures are usage errors that say what to type")
    func usageErrors() {
        let chain = #expect(throws: DemoUsageError.self) { try runDemo(["--chain", "retry,cache"]) }
        #expect(chain?.message.contains("log, retry, time and broadcast") == true)
        let failures = #expect(throws: DemoUsageError.self) { try runDemo(["--failures", "12"]) }
        #expect(failures?.message.contains("between 0 and 9") == true)
        let root = #expect(throws: DemoUsageError.self) { try runDemo(["--lifetimes", "global"]) }
        #expect(root?.message.contains("swinject-captive") == true)
    }

    @Test("Tab offers every flag and the chains and roots the pages name; help run lists every flag")
    func flagsAndUsage() {
        for flag in ["--chain", "--failures", "--text", "--lifetimes"] {
            #expect(LifetimesDemo.flags.contains(flag))
            #expect(LifetimesDemo.usage.contains(flag))
        }
        for value in ["retry,log", "log,retry", "retry,broadcast", "broadcast,retry", "by-hand", "captive", "swinject", "swinject-captive"] {
            #expect(LifetimesDemo.flags.contains(value))
        }
    }

    @Test("Every line of the pages' output examples appears in the demo's output, in order")
    func pageExamplesMatchTheDemo() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let pages = root.appendingPathComponent("Lessons/09-lifetimes/pages")
        let examples: [(page: String, block: Int, arguments: [String])] = [
            ("02-the-captive-dependency.md", 0, ["--lifetimes", "captive"]),
            ("06-order-matters.md", 0, ["--chain", "retry,log"]),
            ("06-order-matters.md", 1, ["--chain", "log,retry"]),
            ("06-order-matters.md", 2, ["--chain", "retry,broadcast"]),
            ("06-order-matters.md", 3, ["--chain", "broadcast,retry"]),
        ]
        for example in examples {
            let markdown = try String(contentsOf: pages.appendingPathComponent(example.page), encoding: .utf8)
            let blocks = markdown.components(separatedBy: "```text\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] }
            let block = try #require(blocks.count > example.block ? blocks[example.block] : nil, "\(example.page) has no text block \(example.block)")
            var output = try runDemo(example.arguments).text.split(separator: "\n").map(String.init)[...]
            for line in block.split(separator: "\n").map(String.init) {
                guard let index = output.firstIndex(of: line) else {
                    Issue.record("\(example.page), block \(example.block): \"\(line)\" is not in the output of run \(example.arguments.joined(separator: " ")) (after the lines before it)")
                    break
                }
                output = output[(index + 1)...]
            }
        }
    }

    @Test("the lesson's pages show only code that exists in the module or in these tests")
    func pagesMatchTheCode() throws {
        let problems = try PageCode.blocksNotFound(lessonFolder: "09-lifetimes", module: "LifetimesLesson", testFile: #filePath)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n\n"))")
    }
}
