import Clocks
import Dependencies
import DependencyValuesLesson
import Domain
import DojoTestSupport
import Foundation
import IssueReporting
import LessonSupport
import Testing

// Under `swift test` the library takes the process for a test run: the default context is
// `.test`, and every reported issue would fail the running test. So each test here sets the
// context it means and collects the issues it expects with `withIssueReporters`.

// MARK: - Helpers

/// Runs the demo with `arguments` in a temporary workspace; returns its output and the posts
/// it left in the workspace's timeline.
private func runDemo(_ arguments: [String]) throws -> (output: String, posts: [Post]) {
    let output = CapturedOutput()
    let workspace = try TemporaryFolder("dependency-values").url
    defer { try? FileManager.default.removeItem(at: workspace) }
    try DependencyValuesDemo.run(arguments: arguments, context: DemoContext(workspaceDirectory: workspace, write: output.write))
    let posts = try Timeline(fileURL: workspace.appendingPathComponent("timeline.txt")).posts()
    return (output.text, posts)
}

/// A client that records every post it is sent.
private func recordingClient(_ sent: LockIsolated<[Post]>) -> SocialClient {
    SocialClient(send: { post in sent.withValue { $0.append(post) } }, sentPosts: { sent.value })
}

private let day = Date(timeIntervalSince1970: 1_466_208_000)  // 2016-06-18 00:00 UTC

// MARK: - Part 1

@Suite("Lesson 7, Part 1: the hand-built store")
struct HandmadeStoreTests {
    @Test("a Stamper reads the live clock by default and the test clock in the test context")
    func defaultsByContext() {
        let stamper = Stamper()
        let live = stamper.stamp("Hi")
        #expect(live.hasPrefix("Hi (") && live != "Hi (2016-06-18 00:00 UTC)")
        let test = withHandmadeDependencies { $0.context = .test } operation: { stamper.stamp("Hi") }
        #expect(test == "Hi (2016-06-18 00:00 UTC)")
    }

    @Test("an override beats both defaults, and ends with its scope")
    func overrideIsScoped() throws {
        let stamper = Stamper()
        let leapDay = try FixedClock(day: "2020-02-29")
        let inside = withHandmadeDependencies { $0.clock = leapDay } operation: {
            (stamper.stamp("a"), withHandmadeDependencies { $0.context = .test } operation: { stamper.stamp("b") })
        }
        #expect(inside.0 == "a (2020-02-29 00:00 UTC)")
        #expect(inside.1 == "b (2020-02-29 00:00 UTC)", "an inner scope starts from the outer one")
        #expect(HandmadeDependencyValues.current.context == .live)
        #expect(stamper.stamp("c") != "c (2020-02-29 00:00 UTC)")
    }

    @Test("the store answers by key type, and a task started in a scope inherits it")
    func keyTypeAndTasks() async throws {
        var values = HandmadeDependencyValues()
        values[HandmadeClockKey.self] = FixedClock(date: day)
        #expect(values.clock.now() == day)
        let stamped = await HandmadeDependencyValues.$current.withValue(values) {
            await Task { Stamper().stamp("t") }.value
        }
        #expect(stamped == "t (2016-06-18 00:00 UTC)")
    }
}

// MARK: - Part 2

@Suite("Lesson 7, Part 2: SocialClient, ComposeModel and QuickShare")
struct SwiftDependenciesTests {
    @Test("the live client appends to the timeline named by \\.timeline")
    func liveClient() throws {
        let folder = try TemporaryFolder("dependency-values").url
        defer { try? FileManager.default.removeItem(at: folder) }
        let timeline = Timeline(fileURL: folder.appendingPathComponent("timeline.txt"))
        let posts = try withDependencies {
            $0.context = .live
            $0.timeline = timeline
        } operation: {
            let model = ComposeModel(network: .facebook)
            _ = try model.share("Live")
            return try model.sentPosts()
        }
        #expect(posts.count == 1)
        #expect(posts.first?.network == .facebook)
        #expect(try timeline.posts() == posts)
    }

    @Test("the preview client keeps posts in memory, after two samples")
    func previewClient() throws {
        let posts = try withDependencies { $0.context = .preview } operation: {
            let model = ComposeModel()
            _ = try model.share("Preview")
            return try model.sentPosts()
        }
        #expect(posts.count == 3)
        #expect(posts.last?.text.hasPrefix("Preview (") == true)
    }

    @Test("the test client is unimplemented: it reports and throws")
    func testClient() {
        let collector = IssueCollector()
        let error = withIssueReporters([collector]) {
            #expect(throws: (any Error).self) { try SocialClient.testValue.send(Post(network: .twitter, text: "x")) }
        }
        #expect("\(String(describing: error))".contains("Unimplemented"))
        #expect(collector.messages == ["Unimplemented: 'SocialClient.send'"])
    }

    @Test("with every dependency overridden, a share is the same on every run")
    func deterministicShare() throws {
        let sent = LockIsolated<[Post]>([])
        let receipt = try withDependencies {
            $0.context = .test
            $0.date.now = day
            $0.uuid = .incrementing
            $0.continuousClock = ImmediateClock()
            $0[SocialClient.self] = recordingClient(sent)
        } operation: {
            try ComposeModel().share("Hello")
        }
        let expected = Post(network: .twitter, text: "Hello (2016-06-18 00:00 UTC)")
        #expect(sent.value == [expected])
        #expect(receipt == Receipt(id: UUID(0), post: expected, sendingTime: .zero))
    }

    @Test("the test on page 6, as printed there, sends one stamped post with a predictable receipt")
    func pageSixTest() throws {
        let sent = LockIsolated<[Post]>([])
        let receipt = try withDependencies {
            $0.context = .test
            $0.date.now = Date(timeIntervalSince1970: 1_466_208_000)  // 2016-06-18
            $0.uuid = .incrementing
            $0.continuousClock = ImmediateClock()
            $0[SocialClient.self].send = { post in sent.withValue { $0.append(post) } }
        } operation: {
            try ComposeModel().share("Hello")
        }
        #expect(sent.value.map(\.text) == ["Hello (2016-06-18 00:00 UTC)"])
        #expect(receipt.id == UUID(0))
    }

    @Test("page 4's override replaces one endpoint and keeps the other unimplemented")
    func pageFourOverride() throws {
        let sent = LockIsolated<[Post]>([])
        let collector = IssueCollector()
        try withIssueReporters([collector]) {
            try withDependencies {
                $0[SocialClient.self].send = { post in sent.withValue { $0.append(post) } }
            } operation: {
                @Dependency(SocialClient.self) var client
                try client.send(Post(network: .twitter, text: "one"))
                #expect(throws: (any Error).self) { try client.sentPosts() }
            }
        }
        #expect(sent.value.count == 1)
        #expect(collector.messages == ["Unimplemented: 'SocialClient.sentPosts'"])
    }

    @Test("page 3's override points the live client at another file for the scope only")
    func pageThreeOverride() throws {
        let folder = try TemporaryFolder("dependency-values").url
        defer { try? FileManager.default.removeItem(at: folder) }
        let scratchFile = folder.appendingPathComponent("scratch.txt")
        let post = Post(network: .twitter, text: "scratch")
        try withDependencies { $0.context = .live } operation: {
            try withDependencies {
                $0.timeline = Timeline(fileURL: scratchFile)
            } operation: {
                // code in here, and tasks it starts, see scratchFile
                try SocialClient.liveValue.send(post)
            }
        }
        #expect(try Timeline(fileURL: scratchFile).posts() == [post])
    }

    @Test("with nothing overridden in the test context, the date, the clock and the client report")
    func testContextReports() {
        let collector = IssueCollector()
        withIssueReporters([collector]) {
            withDependencies { $0 = DependencyValues(); $0.context = .test } operation: {
                #expect(throws: (any Error).self) { try ComposeModel().share("Hello") }
            }
        }
        #expect(collector.messages.map { String($0.prefix(60)) } == [
            String("@Dependency(\\.date) has no test implementation, but was accessed from a test context:".prefix(60)),
            "Unimplemented: ContinuousClock.now",
            "Unimplemented: 'SocialClient.send'",
        ])
    }

    @Test("QuickShare needs only the send endpoint and the date")
    func quickShare() throws {
        let sent = LockIsolated<[Post]>([])
        let collector = IssueCollector()
        let post = try withIssueReporters([collector]) {
            try withDependencies {
                $0.context = .test
                $0.socialClient.send = { post in sent.withValue { $0.append(post) } }
                $0.date.now = day
            } operation: {
                try QuickShare.share("Quick")
            }
        }
        #expect(post == Post(network: .twitter, text: "Quick (2016-06-18 00:00 UTC)"))
        #expect(sent.value == [post])
        #expect(collector.messages.isEmpty, "sentPosts was never called, so its being unimplemented is fine")
    }
}

// MARK: - Gotchas

@Suite("Lesson 7: the three gotchas and their fixes")
struct GotchaTests {
    @Test("a model keeps the values it was created with after the scope returns")
    func captureKeepsOverrides() throws {
        let sent = LockIsolated<[Post]>([])
        let model = withDependencies {
            $0.context = .live
            $0[SocialClient.self] = recordingClient(sent)
            $0.date.now = day
        } operation: {
            ComposeModel()
        }
        let receipt = try withDependencies { $0.context = .live } operation: { try model.share("Later") }
        #expect(sent.value == [receipt.post])
        #expect(receipt.post.text == "Later (2016-06-18 00:00 UTC)")
    }

    @Test("a model made before withDependencies and called inside it uses the overrides (page 6)")
    func modelMadeBeforeTheScope() throws {
        let sent = LockIsolated<[Post]>([])
        let model = ComposeModel()
        let receipt = try withDependencies {
            $0.context = .live
            $0[SocialClient.self] = recordingClient(sent)
            $0.date.now = day
        } operation: {
            try model.share("Early")
        }
        #expect(sent.value == [receipt.post], "the override in force at the read is the one used")
        #expect(receipt.post.text == "Early (2016-06-18 00:00 UTC)")
    }

    @Test("a value set explicitly at the read wins over the one the model captured")
    func readScopeWins() throws {
        let captured = LockIsolated<[Post]>([])
        let atRead = LockIsolated<[Post]>([])
        let model = withDependencies { $0.context = .live; $0[SocialClient.self] = recordingClient(captured); $0.date.now = day } operation: {
            ComposeModel()
        }
        _ = try withDependencies { $0[SocialClient.self] = recordingClient(atRead) } operation: { try model.share("x") }
        #expect(captured.value.isEmpty)
        #expect(atRead.value.count == 1)
    }

    @Test("a child made later by the onboarding tour is live, unless made with withDependencies(from:)")
    func captured() throws {
        let folder = try TemporaryFolder("dependency-values").url
        defer { try? FileManager.default.removeItem(at: folder) }
        let timeline = Timeline(fileURL: folder.appendingPathComponent("timeline.txt"))
        let tourPosts = LockIsolated<[Post]>([])
        try withDependencies { $0.context = .live; $0.timeline = timeline } operation: {
            let tour = withDependencies { $0.socialClient = recordingClient(tourPosts) } operation: { OnboardingModel() }
            _ = try tour.makeComposerForgettingScope().share("naive")
            #expect(try timeline.posts().count == 1, "the naive child posts to the live timeline")
            #expect(tourPosts.value.isEmpty)
            _ = try tour.makeComposer().share("fixed")
            #expect(try timeline.posts().count == 1, "the fixed child does not")
            #expect(tourPosts.value.count == 1)
        }
    }

    @Test("a stored closure runs with the tap's values, unless withEscapedDependencies carried them")
    func escaping() throws {
        let asking = LockIsolated<[Post]>([])
        let tapping = LockIsolated<[Post]>([])
        for fixed in [false, true] {
            asking.setValue([])
            tapping.setValue([])
            let dialog = ConfirmDialog()
            withDependencies { $0[SocialClient.self] = recordingClient(asking) } operation: {
                if fixed { dialog.ask(toPost: "Hi") } else { dialog.askForgettingScope(toPost: "Hi") }
            }
            try withDependencies { $0[SocialClient.self] = recordingClient(tapping) } operation: {
                try dialog.tapPost()
            }
            #expect(asking.value.count == (fixed ? 1 : 0))
            #expect(tapping.value.count == (fixed ? 0 : 1))
            #expect(try dialog.tapPost() == nil, "a tap runs the closure once")
        }
    }
}

// MARK: - The demo

@Suite("Lesson 7: run", .serialized)
struct DependencyValuesDemoTests {
    @Test("run shows the live, preview and test contexts; only live writes to the workspace")
    func allContexts() throws {
        let (output, posts) = try runDemo([])
        #expect(output.contains("── live "))
        #expect(output.contains("── preview "))
        #expect(output.contains("── test "))
        #expect(output.contains("    Facebook: Another sample (2016-06-17 18:30 UTC)\n"))
        #expect(output.contains("  share threw Unimplemented(endpoint: \"send\")\n"))
        #expect(output.contains("    ! Unimplemented: 'SocialClient.send'\n"))
        #expect(output.contains("  sent     Twitter: Hello from DIDojo! (2016-06-18 00:00 UTC)\n"))
        #expect(output.contains("  receipt  00000000-0000-0000-0000-000000000000, sent in 0 ms\n"))
        #expect(output.contains("  issues reported: 0."))
        #expect(posts.count == 1)
        #expect(posts.first?.text.hasPrefix("Hello from DIDojo! (") == true)
    }

    @Test("run --context preview shows one context and writes nothing", arguments: ["preview", "test"])
    func oneContext(context: String) throws {
        let (output, posts) = try runDemo(["--context", context, "--text", "Mine"])
        #expect(output.contains("── \(context) "))
        #expect(!output.contains("── live "))
        #expect(output.contains("Mine (2016-06-18 00:00 UTC)") == (context == "test"))
        #expect(posts.isEmpty)
    }

    @Test("run --gotcha captured posts once to the live timeline, and not after the fix")
    func capturedDemo() throws {
        let (output, posts) = try runDemo(["--gotcha", "captured"])
        #expect(posts.count == 1)
        #expect(output.contains("→ posted to the LIVE timeline (timeline.txt in your workspace)  ✗\n"))
        #expect(output.contains("→ nothing written to the timeline  ✓\n"))
    }

    @Test("run --gotcha escaping shows the tap's client, then the asking scope's")
    func escapingDemo() throws {
        let (output, posts) = try runDemo(["--gotcha", "escaping"])
        #expect(posts.count == 1)
        #expect(output.contains("✗; the recording client got 0 post(s)\n"))
        #expect(output.contains("✓; the recording client got 1 post(s)\n"))
    }

    @Test("run --gotcha unimplemented shows the reports and the thrown error, then the fix")
    func unimplementedDemo() throws {
        let (output, posts) = try runDemo(["--gotcha", "unimplemented"])
        #expect(posts.isEmpty)
        #expect(output.contains("  it threw Unimplemented(endpoint: \"send\")"))
        #expect(output.contains("    ! Unimplemented: 'SocialClient.send'\n"))
        #expect(output.contains("    ! @Dependency(\\.date) has no test implementation"))
        // Page 6: the checker runs tests under XCTest, so a report fails a check there too; only
        // a program that is no test run prints it, on standard error off Apple platforms.
        #expect(output.contains("Under `swift test`, in Xcode, and in this tutor's `check` (which runs your tests under XCTest), each report fails the test"))
        #expect(output.contains("a line on standard error on Linux and other non-Apple platforms, a runtime warning in Xcode on Apple ones."))
        #expect(!output.contains("only a line on standard error"))
        #expect(output.contains("  → Twitter: Hi (2016-06-18 00:00 UTC), issues reported: 0\n"))
    }

    @Test("run --handmade shows the test default, an override and the scope ending")
    func handmadeDemo() throws {
        let (output, _) = try runDemo(["--handmade", "--text", "Hi"])
        #expect(output.contains("  → Hi (2016-06-18 00:00 UTC)   (test: HandmadeClockKey.testValue)\n"))
        #expect(output.contains("→ Hi (2020-02-29 00:00 UTC)   (an override beats both defaults)\n"))
        #expect(output.contains("(the scope has ended: live again)\n"))
    }

    @Test("an unknown context is refused with ArgumentParser's message naming the valid ones")
    func badContext() {
        let error = #expect(throws: DemoUsageError.self) { try runDemo(["--context", "staging"]) }
        let message = error?.message ?? ""
        #expect(message.contains("'staging'"))
        #expect(message.contains("live") && message.contains("preview") && message.contains("test"))
    }

    @Test("two modes at once are refused")
    func twoModes() {
        let error = #expect(throws: DemoUsageError.self) { try runDemo(["--handmade", "--gotcha", "captured"]) }
        #expect(error?.message.contains("Choose one of --context, --gotcha and --handmade") == true)
    }

    @Test("the lesson's pages show only code that exists in the module or in these tests")
    func pagesMatchTheCode() throws {
        let problems = try PageCode.blocksNotFound(lessonFolder: "07-dependency-values", module: "DependencyValuesLesson", testFile: #filePath)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n\n"))")
    }
}
