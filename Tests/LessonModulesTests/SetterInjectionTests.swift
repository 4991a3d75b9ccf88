import DojoTestSupport
import Domain
import Foundation
import LessonSupport
import SetterInjection
import Testing

/// A spy: keeps the text of every post, in order.
private final class TextSpy: SocialPostOutput {
    private(set) var texts: [String] = []
    func post(_ text: String) { texts.append(text) }
    func post(_ text: String, image: Image) { texts.append("\(text) [\(image.name)]") }
}

/// 2016-06-18 00:00 UTC.
private let june18Clock = FixedClock(date: Date(timeIntervalSince1970: 1_466_208_000))

// MARK: The presenters

@Suite("SetterInjection.SocialPresenter")
struct SetterInjectionPresenterTests {
    @Test("with no output assigned, share returns normally and posts nothing: the silent no-op")
    func silentWithoutOutput() throws {
        let presenter = SocialPresenter()
        #expect(presenter.output == nil)
        try presenter.share("Hello")
        try presenter.share("Look", image: Image(named: "cat.jpg"))
    }

    @Test("once an output is assigned, each share posts once through it, stamped by the assigned clock")
    func postsThroughTheAssignedOutput() throws {
        let presenter = SocialPresenter()
        let spy = TextSpy()
        presenter.output = spy
        presenter.clock = june18Clock
        try presenter.share("Hello")
        try presenter.share("Look", image: Image(named: "cat.jpg"))
        #expect(spy.texts == ["Hello (2016-06-18 00:00 UTC)", "Look (2016-06-18 00:00 UTC) [cat.jpg]"])
    }

    @Test("the clock's default is the system clock")
    func clockDefault() {
        #expect(SocialPresenter().clock is SystemClock)
        #expect(DraftingSocialPresenter().clock is SystemClock)
    }

    @Test("assigning another output later sends the next post to the new one")
    func reassignment() throws {
        let presenter = SocialPresenter()
        let first = TextSpy()
        let second = TextSpy()
        presenter.clock = june18Clock
        presenter.output = first
        try presenter.share("One")
        presenter.output = second
        try presenter.share("Two")
        #expect(first.texts == ["One (2016-06-18 00:00 UTC)"])
        #expect(second.texts == ["Two (2016-06-18 00:00 UTC)"])
    }

    @Test("the drafting presenter keeps posts as drafts until a real output is assigned")
    func draftsByDefault() throws {
        let presenter = DraftingSocialPresenter()
        presenter.clock = june18Clock
        let folder = try #require(presenter.output as? DraftFolder)
        try presenter.share("Hello")
        try presenter.share("Look", image: Image(named: "cat.jpg"))
        #expect(folder.drafts == [
            DraftFolder.Draft(text: "Hello (2016-06-18 00:00 UTC)", image: nil),
            DraftFolder.Draft(text: "Look (2016-06-18 00:00 UTC)", image: Image(named: "cat.jpg")),
        ])

        let spy = TextSpy()
        presenter.output = spy
        try presenter.share("Sent")
        #expect(spy.texts == ["Sent (2016-06-18 00:00 UTC)"])
        #expect(folder.drafts.count == 2, "a post after the assignment must not become a draft")
    }

    @Test("every drafting presenter gets a draft folder of its own")
    func separateFolders() throws {
        let one = DraftingSocialPresenter()
        let two = DraftingSocialPresenter()
        try one.share("Mine")
        #expect((two.output as? DraftFolder)?.drafts.isEmpty == true)
    }
}

// MARK: The demo (`run`)

/// Runs the lesson 3 demo in a fresh workspace and returns everything it wrote.
private func runSetterDemo(_ arguments: [String]) throws -> (output: String, timeline: [Post]) {
    let workspace = TestRunFolder.url.appendingPathComponent(TestRunFolder.uniqueName("si-demo"))
    try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: workspace) }
    let collected = CapturedOutput()
    try SetterInjectionDemo.run(arguments: arguments, context: DemoContext(workspaceDirectory: workspace, write: collected.append))
    let posts = try Timeline(fileURL: workspace.appendingPathComponent("timeline.txt")).posts()
    return (collected.text, posts)
}

@Suite("SetterInjectionDemo")
struct SetterInjectionDemoTests {
    @Test("run assigns the chosen client after creation and posts once to it", arguments: ["optional", "drafts"], SocialNetwork.allCases)
    func assignedClient(presenter: String, network: SocialNetwork) throws {
        let (output, posts) = try runSetterDemo(["--presenter", presenter, "--client", network.rawValue, "--clock", "fixed:2016-06-18"])
        let typeName = presenter == "optional" ? "SocialPresenter" : "DraftingSocialPresenter"
        let clientType = network == .twitter ? "TwitterClient" : "FacebookClient"
        #expect(posts == [Post(network: network, text: "Hello from DIDojo! (2016-06-18 00:00 UTC)")])
        #expect(output.contains("let presenter = \(typeName)()"))
        #expect(output.contains("presenter.output = \(clientType)(screen: terminal, timeline: timeline)\n"))
        #expect(output.contains("presenter.clock = FixedClock(day: \"2016-06-18\")\n"))
        #expect(output.contains("┌─ \(network.displayName) · compose"))
        #expect(output.contains("  \(network.displayName): Hello from DIDojo! (2016-06-18 00:00 UTC)\n"))
        #expect(!output.contains("draft:"))
    }

    @Test("run --client none with the optional presenter posts nothing and explains the silence")
    func silentRun() throws {
        let (output, posts) = try runSetterDemo(["--client", "none"])
        #expect(posts.isEmpty)
        #expect(output.contains("// nothing is ever assigned to presenter.output\n"))
        #expect(output.contains("Nothing happened: no compose sheet, no new line in the timeline, and no error. presenter.output is nil"))
        #expect(!output.contains("┌─"))
    }

    @Test("run --presenter drafts --client none keeps the post as a draft")
    func draftRun() throws {
        let (output, posts) = try runSetterDemo(["--presenter", "drafts", "--client", "none", "--clock", "fixed:2016-06-18", "--text", "Later"])
        #expect(posts.isEmpty)
        #expect(output.contains("let presenter = DraftingSocialPresenter()   // output is a DraftFolder for now\n"))
        #expect(output.contains("  draft: Later (2016-06-18 00:00 UTC)\n"))
    }

    @Test("run with the system clock keeps the clock's default and stamps the real time")
    func systemClock() throws {
        let before = Date().utcStamp
        let (output, posts) = try runSetterDemo([])
        let after = Date().utcStamp
        #expect(output.contains("// presenter.clock keeps its default, SystemClock()\n"))
        let text = try #require(posts.first).text
        #expect(posts.map(\.network) == [.twitter])
        #expect(text == "Hello from DIDojo! (\(before))" || text == "Hello from DIDojo! (\(after))")
    }

    @Test("an unknown presenter kind is refused with ArgumentParser's message naming the valid ones")
    func unknownPresenter() {
        let error = #expect(throws: DemoUsageError.self) { try runSetterDemo(["--presenter", "lazy"]) }
        let message = error?.message ?? ""
        #expect(message.contains("'lazy'"))
        #expect(message.contains("optional") && message.contains("drafts"))
    }

    @Test("an unknown client is refused with a message that lists none among the choices")
    func unknownClient() {
        let error = #expect(throws: DemoUsageError.self) { try runSetterDemo(["--client", "myspace"]) }
        let message = error?.message ?? ""
        #expect(message.contains("'myspace'"))
        #expect(message.contains("twitter") && message.contains("facebook") && message.contains("none"))
    }

    @Test("the lesson's pages show only code that exists in the module or in these tests")
    func pagesMatchTheCode() throws {
        let problems = try PageCode.blocksNotFound(lessonFolder: "03-setter", module: "SetterInjection", testFile: #filePath)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n\n"))")
    }
}
