@testable import AntiPatternsLesson
import Dependencies
import Domain
import DojoTestSupport
import Foundation
import LessonSupport
import Testing

// `ServiceLocator.shared` and `TimeProvider.current` are globals, and Swift Testing runs tests
// in parallel: left alone, these tests would interact exactly as the lesson's demo shows. So
// every test of this lesson lives in one `.serialized` suite, and each puts the globals back
// at their launch values before it starts.
//
// Under `swift test` swift-dependencies takes the process for a test run (the default
// context is `.test`), so tests that mean the app's behaviour set `.live` themselves.

// MARK: - Helpers

/// 2016-06-18 00:00 UTC.
private let day = FixedClock(date: Date(timeIntervalSince1970: 1_466_208_000))

/// Today, as `utcStamp` writes its first ten characters.
private var today: String { String(Date().utcStamp.prefix(10)) }

/// An output whose network is down.
private struct DownOutput: SocialPostOutput {
    struct NetworkDown: Error, CustomStringConvertible {
        var description: String { "the network is down" }
    }

    func post(_ text: String) throws { throw NetworkDown() }
    func post(_ text: String, image: Image) throws { throw NetworkDown() }
}

/// Puts both globals back at their launch values.
private func freshGlobals() {
    ServiceLocator.shared.removeAll()
    TimeProvider.current = SystemClock()
}

/// Runs the demo with `arguments`; returns what it printed.
private func runDemo(_ arguments: [String]) throws -> String {
    let output = CapturedOutput()
    let workspace = try TemporaryFolder("anti-patterns").url
    defer { try? FileManager.default.removeItem(at: workspace) }
    try AntiPatternsDemo.run(arguments: arguments, context: DemoContext(workspaceDirectory: workspace, write: output.write))
    return output.text
}

/// Runs `body` in fresh live dependency values, as the app would.
private func live<Result>(_ body: () throws -> Result) rethrows -> Result {
    try withDependencies {
        $0 = DependencyValues()
        $0.context = .live
    } operation: {
        try body()
    }
}

@Suite("Lesson 8: anti-patterns", .serialized)
struct AntiPatternsLessonTests {
    init() {
        freshGlobals()
    }

    // MARK: Control Freak

    @Test("ShareFlow stamps with the clock its factory picks, so a test cannot stop the time")
    func shareFlowPicksItsOwnClock() throws {
        let spy = RecordingOutput()
        let logger = RecordingLogger()
        try ShareFlow(output: spy, logger: logger).publish("Hello")
        #expect(spy.texts.count == 1)
        #expect(spy.texts.first?.hasPrefix("Hello (\(today)") == true)
        #expect(logger.messages(at: .info) == ["published: \(spy.texts.first ?? "")"])
        #expect(ClockFactory.makeClock() is SystemClock)
    }

    // MARK: Service Locator

    @Test("The locator gives what was registered, replaces a second registration, and forgets on removeAll")
    func locatorRegistersAndResolves() throws {
        let locator = ServiceLocator()
        locator.register((any Clock).self) { day }
        #expect(try locator.resolve((any Clock).self).now() == day.date)
        let later = FixedClock(date: day.date + 3600)
        locator.register((any Clock).self) { later }
        #expect(try locator.resolve((any Clock).self).now() == later.date)
        locator.removeAll()
        #expect(throws: ServiceLocatorError.notRegistered("Clock")) { try locator.resolve((any Clock).self) }
    }

    @Test("A missing registration is an error that names the type, in words")
    func missingRegistrationNamesTheType() {
        #expect(throws: ServiceLocatorError.notRegistered("Logger")) { try ServiceLocator().resolve((any Logger).self) }
        #expect(ServiceLocatorError.notRegistered("Logger").description == "nothing is registered for Logger in the service locator")
    }

    @Test("SharePresenter posts the stamped text and logs it, with what the shared locator holds")
    func sharePresenterUsesTheSharedLocator() throws {
        let spy = RecordingOutput()
        let logger = RecordingLogger()
        AppSetUp.register(in: .shared, output: spy, clock: day, logger: logger)
        try SharePresenter().share("Hello")
        #expect(spy.texts == ["Hello (2016-06-18 00:00 UTC)"])
        #expect(logger.messages(at: .info) == ["shared: Hello (2016-06-18 00:00 UTC)"])
    }

    @Test("A failing post is logged as an error and still thrown")
    func sharePresenterLogsAFailure() {
        let logger = RecordingLogger()
        AppSetUp.register(in: .shared, output: DownOutput(), clock: day, logger: logger)
        #expect(throws: DownOutput.NetworkDown.self) { try SharePresenter().share("Hello") }
        #expect(logger.messages(at: .error) == ["could not share: the network is down"])
        #expect(logger.messages(at: .info) == [])
    }

    @Test("A set-up that leaves a registration out compiles, and the first share fails naming it", arguments: AppSetUp.Registration.allCases)
    func forgottenRegistrationFailsAtTheFirstShare(left: AppSetUp.Registration) {
        let spy = RecordingOutput()
        AppSetUp.register(in: .shared, output: spy, clock: day, logger: RecordingLogger(), leavingOut: left)
        let name = ["output": "SocialPostOutput", "clock": "Clock", "logger": "Logger"][left.rawValue] ?? ""
        #expect(throws: ServiceLocatorError.notRegistered(name)) { try SharePresenter().share("Hello") }
        #expect(spy.texts == [])
    }

    @Test("Each locator test passes alone; B fails after A, on A's spy; the other order passes")
    func locatorTestsInteract() {
        let run = DemoTestRun(freshProcess: { ServiceLocator.shared.removeAll() })
        let a = LocatorSuite.sharingPostsThroughTheRegisteredOutput
        let b = LocatorSuite.sharingWithoutAnOutputFails
        #expect(run.run([a]) == [.passed])
        #expect(run.run([b]) == [.passed])
        #expect(run.run([a, b]) == [.passed, .failed("share posted, through an output this test never registered")])
        #expect(run.run([b, a]) == [.passed, .passed])
    }

    @Test("A demo run starts and ends with the globals at their launch values")
    func demoRunsStartFresh() {
        ServiceLocator.shared.register((any Clock).self) { day }
        let run = DemoTestRun(freshProcess: freshGlobals)
        #expect(run.run([LocatorSuite.sharingWithoutAnOutputFails]) == [.passed])
        #expect(throws: ServiceLocatorError.self) { try ServiceLocator.shared.resolve((any Clock).self) }
    }

    // MARK: Ambient Context

    @Test("PostStamper reads TimeProvider.current at every stamp")
    func stamperReadsTheAmbientClock() {
        let stamper = PostStamper()
        TimeProvider.current = day
        #expect(stamper.stamp("Hello") == "Hello (2016-06-18 00:00 UTC)")
        TimeProvider.current = SystemClock()
        #expect(stamper.stamp("Hello").hasPrefix("Hello (\(today)"))
    }

    @Test("TimeProvider.using puts the previous clock back after returning, after throwing, and when nested")
    func usingRestoresThePreviousClock() {
        struct Boom: Error {}
        let nextDay = FixedClock(date: day.date + 86_400)
        #expect(TimeProvider.using(day) { PostStamper().stamp("A") } == "A (2016-06-18 00:00 UTC)")
        #expect(TimeProvider.current is SystemClock)
        #expect(throws: Boom.self) { try TimeProvider.using(day) { throw Boom() } }
        #expect(TimeProvider.current is SystemClock)
        let outer = TimeProvider.using(day) {
            TimeProvider.using(nextDay) { #expect(PostStamper().stamp("B") == "B (2016-06-19 00:00 UTC)") }
            return PostStamper().stamp("C")
        }
        #expect(outer == "C (2016-06-18 00:00 UTC)")
    }

    @Test("Each ambient-clock test passes alone; B runs on A's fake day after A; the other order passes")
    func ambientTestsInteract() {
        let run = DemoTestRun(freshProcess: { TimeProvider.current = SystemClock() })
        let a = AmbientClockSuite.stampsWithTheFakeDay
        let b = AmbientClockSuite.stampsWithToday
        #expect(run.run([a]) == [.passed])
        #expect(run.run([b]) == [.passed])
        #expect(run.run([a, b]) == [.passed, .failed("the day in the stamp: expected \(today), got 2016-06-18")])
        #expect(run.run([b, a]) == [.passed, .passed])
        #expect(TimeProvider.current is SystemClock)
    }

    @Test("With swift-dependencies the same two tests pass in both orders: the fake day ends with its scope")
    func scopedTestsDoNotInteract() {
        let run = DemoTestRun(freshProcess: {})
        let a = ScopedDateSuite.stampsWithTheFakeDay
        let b = ScopedDateSuite.stampsWithToday
        live {
            #expect(run.run([a, b]) == [.passed, .passed])
            #expect(run.run([b, a]) == [.passed, .passed])
        }
    }

    @Test("In the test context, reading the date with nothing overridden is reported")
    func unoverriddenDateIsReported() throws {
        let messages = AmbientContextSection.issuesUnderATestRunner()
        #expect(messages.count == 1)
        let first = try #require(messages.first)
        #expect(first.hasPrefix("@Dependency(\\.date) has no test implementation"))
    }

    // MARK: Constrained Construction

    @Test("PluginLoader creates a plugin with init(), so FacebookPlugin picks its own client and clock")
    func loaderForcesAnEmptyInit() throws {
        let loader = PluginLoader(types: ["facebook": FacebookPlugin.self])
        let plugin = try loader.load("facebook")
        #expect(plugin.name == "facebook")
        #expect((plugin as? FacebookPlugin)?.chosenDependencies == "FacebookClient and SystemClock")
        #expect(throws: PluginLoadError.unknownPlugin("twitter", known: ["facebook"])) { try loader.load("twitter") }
        #expect(PluginLoadError.unknownPlugin("twitter", known: ["facebook"]).description == "no plugin is registered as \"twitter\"; known: facebook")
    }

    @Test("PluginCatalog makes each plugin with the factory the composition root wrote")
    func catalogUsesFactories() throws {
        let spy = RecordingOutput()
        let catalog = PluginCatalog(factories: ["facebook": { PostingPlugin(name: "facebook", output: spy, clock: day) }])
        let plugin = try catalog.load("facebook")
        try plugin.share("Hello")
        #expect(plugin.name == "facebook")
        #expect(spy.texts == ["Hello (2016-06-18 00:00 UTC)"])
        #expect(throws: PluginLoadError.unknownPlugin("x", known: ["facebook"])) { try catalog.load("x") }
    }

    @Test("A storyboard alone cannot give ComposeScreen its clock; the creator hook can")
    func storyboardCreatorHook() {
        final class PlainScreen: StoryboardScreen {}
        let storyboard = Storyboard(scenes: ["Compose": ComposeScreen.self, "About": PlainScreen.self])
        #expect(storyboard.instantiateScreen(identifier: "Compose") == nil)
        #expect(storyboard.instantiateScreen(identifier: "About")?.title == "About")
        let created = storyboard.instantiateScreen(identifier: "Compose") { ComposeScreen(coder: $0, clock: day) }
        #expect(created?.title == "Compose")
        #expect(created?.draftLine("Hello") == "Hello (2016-06-18 00:00 UTC)")
        #expect(storyboard.instantiateScreen(identifier: "Missing") { ComposeScreen(coder: $0, clock: day) } == nil)
    }

    @Test("Every anti-pattern has the literature's name")
    func antiPatternTitles() {
        #expect(AntiPattern.allCases.map(\.title) == [
            "Control Freak", "Service Locator", "Ambient Context", "Constrained Construction", "no anti-pattern",
        ])
    }

    // MARK: run

    @Test("run shows all four anti-patterns, each failing, and leaves the globals as it found them")
    func runShowsAllFour() throws {
        let text = try runDemo([])
        for title in ["Control Freak", "Service Locator", "Ambient Context", "Constrained Construction"] {
            #expect(text.contains("── \(title) ─"))
        }
        #expect(text.contains("✗ the spy's texts: expected [\"Hello (2016-06-18 00:00 UTC)\"], got [\"Hello (\(today)"))
        #expect(text.contains("A then B    A ✓  B ✗ share posted, through an output this test never registered"))
        #expect(text.contains("✗ share threw: nothing is registered for Logger in the service locator"))
        #expect(text.contains("A then B    A ✓  B ✗ the day in the stamp: expected \(today), got 2016-06-18"))
        #expect(text.contains("it made FacebookClient and SystemClock itself"))
        #expect(throws: ServiceLocatorError.self) { try ServiceLocator.shared.resolve((any Logger).self) }
        #expect(TimeProvider.current is SystemClock)
    }

    @Test("run --pattern service-locator: the order table, then the forgotten logger and its compile-time twin")
    func runServiceLocator() throws {
        let text = try runDemo(["--pattern", "service-locator"])
        #expect(!text.contains("Control Freak"))
        for line in [
            "  A alone     A ✓",
            "  B alone     B ✓",
            "  A then B    A ✓  B ✗ share posted, through an output this test never registered",
            "  B then A    B ✓  A ✓",
            "  ✗ share threw: nothing is registered for Logger in the service locator",
            "\"missing argument for parameter 'logger' in call\".",
        ] {
            #expect(text.contains(line + "\n"), "missing: \(line)")
        }
    }

    @Test("run --forget chooses the registration the app leaves out; nothing lets the share through")
    func runForget() throws {
        let clock = try runDemo(["--pattern", "service-locator", "--forget", "clock"])
        #expect(clock.contains("✗ share threw: nothing is registered for Clock in the service locator"))
        #expect(clock.contains("leavingOut: .clock)"))
        let nothing = try runDemo(["--pattern", "service-locator", "--forget", "nothing"])
        #expect(nothing.contains("[info] shared: Hello (\(today)"))
        #expect(nothing.contains("✓ shared."))
        #expect(!nothing.contains("share threw"))
    }

    @Test("run --pattern ambient-context: the leak, then swift-dependencies in both orders and its report")
    func runAmbientContext() throws {
        let text = try runDemo(["--pattern", "ambient-context"])
        #expect(text.contains("  A then B    A ✓  B ✗ the day in the stamp: expected \(today), got 2016-06-18\n"))
        #expect(text.contains("  B then A    B ✓  A ✓\n"))
        #expect(text.contains("  A′ then B′  A′ ✓  B′ ✓\n"))
        #expect(text.contains("  B′ then A′  B′ ✓  A′ ✓\n"))
        #expect(text.contains("  reported: @Dependency(\\.date) has no test implementation"))
    }

    @Test("run --pattern constrained-construction: the forced init(), a factory and the creator hook")
    func runConstrainedConstruction() throws {
        let text = try runDemo(["--pattern", "constrained-construction"])
        #expect(text.contains("✗ it made FacebookClient and SystemClock itself"))
        #expect(text.contains("✓ the spy got [\"Hello (2016-06-18 00:00 UTC)\"]"))
        #expect(text.contains("storyboard.instantiateScreen(identifier: \"Compose\")   → nil"))
        #expect(text.contains("→ draftLine(\"Hello\") is \"Hello (2016-06-18 00:00 UTC)\""))
    }

    @Test("An unknown pattern is a usage error that lists the valid ones")
    func unknownPattern() {
        do {
            _ = try runDemo(["--pattern", "god-object"])
            Issue.record("an unknown pattern should be refused")
        } catch let error as DemoUsageError {
            #expect(error.message.contains("god-object"))
            #expect(error.message.contains("service-locator"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("The demo describes its flags for Tab completion and help run")
    func description() {
        let description = DemoDescription(AntiPatternsDemo.self)
        #expect(description.lessonID == "anti-patterns")
        #expect(description.flags == ["--pattern", "--forget"])
        for flag in description.flags {
            #expect(description.usage.contains(flag))
        }
    }

    @Test("The lesson's pages show only code that exists in the module or in these tests")
    func pagesShowRealCode() throws {
        let problems = try PageCode.blocksNotFound(lessonFolder: "08-anti-patterns", module: "AntiPatternsLesson", testFile: #filePath)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n\n"))")
    }
}
