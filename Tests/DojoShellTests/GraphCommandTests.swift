import DojoShell
import DojoTestSupport
import DojoWorkspace
import Foundation
import Testing

/// `graph` in the shell, on fakes: a lesson written by the test, the lessons' `Sources` in
/// memory beside it, and the learner's file in the workspace.
@MainActor
@Suite struct GraphCommandTests {
    /// A lesson whose starter builds its own client, and whose solution receives it.
    static func wired(toleratedDefaults: String? = "[SystemClock]") -> LessonFixture {
        LessonFixture(folderName: "01-wired", files: [
            "lesson.yaml": """
            title: "Wired"
            summary: "A presenter that builds its own client."
            module: Wired
            \(toleratedDefaults.map { "tolerated-defaults: \($0)" } ?? "")
            exercises:
              - title: "Take the client"
                file: Presenter.swift
                task: "Take the client through init."
                hints: ["Through init.", "As any SocialPostOutput."]
            """,
            "pages/01-only.md": "# Only page\n",
            "exercises/1/starter.swift": """
            import Domain

            final class Presenter {
                private let client = TwitterClient()
                var clock: any Clock = SystemClock()

                func share(_ text: String) throws {
                    try client.post(text)
                }
            }
            """,
            "exercises/1/solution.swift": """
            import Domain

            final class Presenter {
                private let client: any SocialPostOutput
                var clock: any Clock = SystemClock()

                init(client: any SocialPostOutput) {
                    self.client = client
                }

                func share(_ text: String) throws {
                    try client.post(text)
                }
            }

            func makePresenter() -> Presenter {
                Presenter(client: TwitterClient())
            }
            """,
            "exercises/1/Checks.swift": "import XCTest\n\nfinal class PresenterChecks: XCTestCase {\n    func testShares() {}\n}\n",
        ])
    }

    /// `Sources/Domain` and `Sources/Wired` beside the lessons (`/lessons`), as in a checkout.
    static func writeSources(into fileSystem: InMemoryFileSystem) throws {
        try fileSystem.write("""
        public protocol SocialPostOutput { func post(_ text: String) throws }
        public struct Publisher: SocialPostOutput { public func post(_ text: String) throws {} }
        public final class TwitterClient: SocialPostOutput { public func post(_ text: String) throws {} }
        public protocol Clock {}
        public struct SystemClock: Clock {}
        """, to: URL(fileURLWithPath: "/Sources/Domain/Domain.swift"))
        try fileSystem.write("""
        import Domain

        public final class ModulePresenter {
            private let output = Publisher()
        }
        """, to: URL(fileURLWithPath: "/Sources/Wired/ModulePresenter.swift"))
    }

    func harness(_ lines: [String], sources: Bool = true, toleratedDefaults: String? = "[SystemClock]") throws -> ShellHarness {
        let harness = try ShellHarness(lines: lines, lessons: [Self.wired(toleratedDefaults: toleratedDefaults)])
        if sources { try Self.writeSources(into: harness.fileSystem) }
        return harness
    }

    func run(_ lines: [String], sources: Bool = true) async throws -> String {
        try await harness(lines, sources: sources).run()
    }

    // MARK: Drawing

    @Test func graphDrawsTheLearnersFileWithItsFindingsInPlainASCIIWithoutColour() async throws {
        let output = try await run(["graph wired.1"])
        #expect(output.contains("Wiring of Presenter.swift"))
        #expect(output.contains("| Presenter |"))
        #expect(output.contains("== creates => | TwitterClient |"))
        #expect(output.contains("! Presenter.swift:4 hard-wired dependency"))
        #expect(output.contains("looks like a hard-wired dependency"))
        #expect(output.unicodeScalars.allSatisfy { $0.isASCII }, "a terminal without colour gets plain ASCII")
    }

    @Test func aColourTerminalGetsBoxDrawingFittedToItsWidth() async throws {
        let harness = try harness(["graph wired.1"])
        harness.terminal.style = .init(useColor: true, width: 60)
        let output = await harness.run()
        #expect(output.contains("━━ creates ━▶"))
        #expect(output.contains("\u{1B}["))
        let drawing = output.components(separatedBy: "\n").map { $0.replacingOccurrences(of: #"\u{1B}\[[0-9;]*m"#, with: "", options: .regularExpression) }
        #expect(drawing.allSatisfy { $0.count <= 60 }, "every line fits 60 columns: \(drawing.filter { $0.count > 60 })")
    }

    @Test func withoutAnIdGraphDrawsTheCurrentExercise() async throws {
        let output = try await run(["open wired", "graph"])
        #expect(output.contains("Wiring of Presenter.swift"))
    }

    @Test func theLessonsToleratedDefaultsAreNoFindingAndOthersAre() async throws {
        let tolerated = try await run(["graph wired.1"])
        #expect(!tolerated.contains("foreign default"))
        let strict = try await harness(["graph wired.1"], toleratedDefaults: nil).run()
        #expect(strict.contains("Presenter.swift:5 foreign default"))
    }

    @Test func theVocabularyLearnedFromTheSourcesSharpensTheDrawing() async throws {
        // `Publisher` is volatile only because Domain's sources say it implements a protocol:
        // its name says nothing.
        func graph(sources: Bool) async throws -> String {
            let harness = try harness(["graph wired.1"], sources: sources)
            try harness.fileSystem.write("""
            import Domain

            final class Presenter {
                private let client = Publisher()
            }
            """, to: harness.workspace.file(for: try #require(harness.catalog.exercise(id: "wired.1"))))
            return await harness.run()
        }
        let learned = try await graph(sources: true)
        #expect(learned.contains("Presenter.swift:4 hard-wired dependency"))
        #expect(!learned.contains("rougher"))
        let guessed = try await graph(sources: false)
        #expect(!guessed.contains("hard-wired dependency"))
    }

    @Test func withoutTheSourcesTheDrawingSaysItMayBeRougher() async throws {
        let output = try await run(["graph wired.1"], sources: false)
        #expect(output.contains("Drawn without the sources of the modules wired uses (/Sources/Domain and /Sources/Wired not found)"))
        #expect(output.contains("so the drawing may be rougher."))
        #expect(output.contains("Wiring of Presenter.swift"), "it draws all the same")
    }

    @Test func aLessonIdDrawsTheLessonsModule() async throws {
        let output = try await run(["graph wired"])
        #expect(output.contains("Wiring of Wired/ModulePresenter.swift"))
        #expect(output.contains("| Publisher |"))
    }

    @Test func aLessonWhoseSourcesAreMissingIsExplained() async throws {
        // Long messages are wrapped with an indent; join them back for matching.
        let output = try await run(["graph wired"], sources: false).replacingOccurrences(of: "\n  ", with: " ")
        #expect(output.contains("The sources of wired's module Wired are not here (/Sources/Wired is missing): 'graph wired' draws them from the DIDojo checkout beside the Lessons folder. Draw one of its exercises instead, e.g. 'graph wired.1'."))
    }

    // MARK: Formats

    @Test func dotAndMermaidAreWrittenForTheirTools() async throws {
        let dot = try await run(["graph wired.1 --format dot"])
        #expect(dot.hasPrefix("digraph wiring {\n"))
        #expect(dot.contains(#""Presenter" -> "TwitterClient" [label="creates"#))
        let mermaid = try await run(["graph wired.1 --format=mermaid"])
        #expect(mermaid.hasPrefix("flowchart"))
    }

    @Test func jsonFollowsTheDocumentedSchema() async throws {
        let output = try await run(["graph wired.1 --format json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        #expect(json["schemaVersion"] as? Int == 1)
        #expect(json["files"] as? [String] == ["Presenter.swift"])
        let findings = try #require(json["findings"] as? [[String: Any]])
        #expect(findings.map { $0["id"] as? String } == ["hard-wired-dependency"])
        #expect(findings.first?["line"] as? Int == 4)
    }

    // MARK: Mistakes in the command line

    @Test(arguments: [
        ("graph --format xml", "--format takes one of text, dot, mermaid, json, e.g. 'graph --format dot'."),
        ("graph --format", "--format takes one of text, dot, mermaid, json, e.g. 'graph --format dot'."),
        ("graph --colour", "'graph' has no option '--colour'. It takes --format text|dot|mermaid|json and --diff."),
        ("graph wired.1 wired", "'graph' draws one exercise or lesson at a time: 'graph wired.1'."),
        ("graph wird.1", "There is no exercise or lesson 'wird.1'. Did you mean 'wired.1'?"),
        ("graph wired --diff", "--diff compares your file for an exercise with the exercise's solution; a lesson's module has none. Try 'graph wired.1 --diff'."),
        ("graph wired.1 --diff --format dot", "--diff draws your graph and the solution's one after the other, for reading here, so it takes only --format text; the other formats draw your file alone: 'graph wired.1 --format dot'."),
    ])
    func aMistakeIsExplained(line: String, message: String) async throws {
        let output = try await run([line])
        #expect(output.contains(message), "\(output)")
        #expect(!output.contains("Wiring of"))
    }

    // MARK: --diff and the solutions policy

    func markPassed(_ harness: ShellHarness) throws {
        _ = try harness.store.update { $0.update("wired.1") { $0.passed = true; $0.attempts = 1 } }
    }

    func workshop(_ solutions: SolutionPolicy) -> Workshop {
        Workshop(title: "Friday class", lessons: [.init(lessonID: "wired")], solutions: solutions, file: URL(fileURLWithPath: "/class/workshop.yaml"))
    }

    @Test func afterAPassDiffDrawsTheSolutionAndWhatDiffers() async throws {
        let harness = try harness(["graph wired.1 --diff"])
        try markPassed(harness)
        let output = await harness.run()
        #expect(output.contains("Wiring of Presenter.swift"))
        #expect(output.contains("The solution of wired.1, drawn the same way:"))
        #expect(output.contains("Wiring of solution/Presenter.swift"))
        #expect(output.contains("Compared with the solution:"))
        #expect(output.contains("  only in yours: Presenter creates TwitterClient"))
        #expect(output.contains("  only in the solution: Presenter needs SocialPostOutput"))
        #expect(output.contains("  only in the solution: makePresenter() creates TwitterClient"))
        #expect(output.contains("  a finding only in yours: hard-wired dependency in Presenter (TwitterClient)"))
        #expect(harness.progress.exercise("wired.1").solutionSeen)
    }

    @Test func theSolutionsOwnFileComparesAsTheSame() async throws {
        let harness = try harness(["graph wired.1 --diff"])
        try markPassed(harness)
        let exercise = try #require(harness.catalog.exercise(id: "wired.1"))
        try harness.fileSystem.write(try harness.fileSystem.text(of: exercise.solution), to: harness.workspace.file(for: exercise))
        let output = await harness.run()
        #expect(output.contains("The same relations, lifetimes, references and findings as the solution."))
    }

    @Test func beforeAPassWithoutAWorkshopDiffAsksFirst() async throws {
        let declined = try harness(["graph wired.1 --diff", "n"])
        let output = await declined.run()
        #expect(output.contains("You have not passed wired.1 yet; the solution's graph gives much of the answer away. Draw it anyway?"))
        #expect(output.contains("Kept hidden. 'hint' gives a smaller push."))
        #expect(!output.contains("Wiring of solution/"))
        #expect(!declined.progress.exercise("wired.1").solutionSeen)

        let accepted = try harness(["graph wired.1 --diff", "y"])
        #expect(await accepted.run().contains("Wiring of solution/Presenter.swift"))
        #expect(accepted.progress.exercise("wired.1").solutionSeen)
    }

    @Test func afterPassRefusesBeforeAPass() async throws {
        var harness = try harness(["graph wired.1 --diff"])
        harness.workshop = workshop(.afterPass)
        let output = await harness.run()
        #expect(output.contains("In this workshop ('Friday class') the solution, and so its graph, is shown once you have passed wired.1. 'graph wired.1' draws your file alone; 'hint' gives a push."))
        #expect(output.contains("Wiring of Presenter.swift"), "the learner's own graph is still drawn")
        #expect(!output.contains("Wiring of solution/"))
    }

    @Test func neverRefusesEvenAfterAPass() async throws {
        var harness = try harness(["graph wired.1 --diff"])
        harness.workshop = workshop(.never)
        try markPassed(harness)
        let output = await harness.run()
        #expect(output.contains("Solutions are not shown in this workshop ('Friday class'), so 'graph --diff' cannot draw one."))
        #expect(!output.contains("Wiring of solution/"))
    }

    @Test func alwaysShowsItBeforeAPassAfterAsking() async throws {
        var harness = try harness(["graph wired.1 --diff", "y"])
        harness.workshop = workshop(.always)
        let output = await harness.run()
        #expect(output.contains("Draw it anyway?"))
        #expect(output.contains("Wiring of solution/Presenter.swift"))
    }

    @Test func theSolutionAccessFollowsThePolicy() throws {
        let exercise = try #require(try ShellHarness(lessons: [Self.wired()]).catalog.exercise(id: "wired.1"))
        #expect(WiringGraphs.solutionAccess(to: exercise, passed: true, workshop: nil) == .allowed)
        #expect(WiringGraphs.solutionAccess(to: exercise, passed: false, workshop: nil) == .askFirst)
        #expect(WiringGraphs.solutionAccess(to: exercise, passed: true, workshop: workshop(.afterPass)) == .allowed)
        #expect(WiringGraphs.solutionAccess(to: exercise, passed: true, workshop: workshop(.always)) == .allowed)
        #expect(WiringGraphs.solutionAccess(to: exercise, passed: false, workshop: workshop(.always)) == .askFirst)
        guard case .refused = WiringGraphs.solutionAccess(to: exercise, passed: true, workshop: workshop(.never)) else {
            Issue.record("never must refuse after a pass too")
            return
        }
        guard case .refused = WiringGraphs.solutionAccess(to: exercise, passed: false, workshop: workshop(.afterPass)) else {
            Issue.record("after-pass must refuse before a pass")
            return
        }
    }

    // MARK: Tab

    func candidates(_ words: [String]) throws -> [String] {
        try harness([]).makeShell().completionCandidates(wordsBeforeCursor: words, partialWord: "")
    }

    @Test func tabOffersIdsAndFlagsThenTheFormats() throws {
        #expect(try candidates(["graph"]) == ["wired.1", "wired", "--format", "--diff"])
        #expect(try candidates(["graph", "--format"]) == ["text", "dot", "mermaid", "json"])
        #expect(try candidates(["graph", "wired.1"]) == ["--format", "--diff"])
        #expect(try candidates(["graph", "--format", "dot"]) == ["wired.1", "wired", "--diff"])
        #expect(try candidates(["graph", "wired.1", "--diff", "--format", "json"]).isEmpty)
    }

    @Test func helpListsAndExplainsGraph() async throws {
        let output = try await run(["help", "help graph"])
        #expect(output.contains("graph [exercise | lesson] [--format text|dot|mermaid|json] [--diff]"))
        #expect(output.contains("the composition root marked with a star"))
    }
}
