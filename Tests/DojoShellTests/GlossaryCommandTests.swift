@testable import DojoShell
import DojoTestSupport
import Foundation
import TerminalMarkdown
import Testing

@MainActor
@Suite struct GlossaryCommandTests {
    func output(of line: String, glossary: String? = LessonFixture.glossary) async throws -> String {
        try await ShellHarness(lines: [line], glossary: glossary).run()
    }

    @Test func withoutATermItListsEveryTermWithTheFirstSentenceOfItsDefinitionOnOneLine() async throws {
        let harness = try ShellHarness(lines: ["glossary"], glossary: LessonFixture.glossary)
        harness.terminal.style = TextStyle(useColor: false, width: 80)
        let output = await harness.run()
        #expect(output == """
            composition root  The single place where the object graph is put together.
            constructor over-injection  An initializer with too many dependencies, e.g....
            dependency injection (DI)  Handing a type its dependencies from outside.
            spy  A test double that records the calls it receives, so that the test can...

            'glossary <term>' shows a term's whole entry, e.g. 'glossary spy'.

            """)
        for line in output.split(separator: "\n") {
            #expect(line.count <= 80, "one line each, within the width: \(line)")
        }
    }

    @Test func aLineTooLongForTheWidthIsCutAfterAWord() {
        #expect(GlossaryCommand.cut("one two three", to: 20, ellipsis: "…") == "one two three")
        #expect(GlossaryCommand.cut("one two three", to: 10, ellipsis: "…") == "one two…")
        #expect(GlossaryCommand.cut("one two, three", to: 10, ellipsis: "...") == "one two...")
        #expect(GlossaryCommand.cut("one two three", to: 8, ellipsis: "…") == "one two…")
    }

    @Test func aTermShowsItsWholeEntryWithItsSourceAndLesson() async throws {
        let output = try await output(of: "glossary spy")
        #expect(output.hasPrefix("spy\n---\n\n"))
        #expect(output.contains("A test double that records the calls it receives, so that the test can ask it afterwards what happened and assert on that."))
        #expect(output.contains("Source: Meszaros, xUnit Test Patterns, \"Test Spy\". See lesson 2 (`constructor`)."))
        #expect(!output.contains("composition root"), "one entry, not the list")
    }

    @Test(arguments: ["glossary composition root", "glossary Composition-Root", "glossary   COMPOSITION   root"])
    func aTermOfTwoWordsIsFoundWithSpacesOrADashInAnyCase(_ line: String) async throws {
        let output = try await output(of: line)
        #expect(output.contains("The single place where the object graph is put together."))
        #expect(output.contains("See lesson 2 (`constructor`)."))
    }

    @Test func aTypoIsAnsweredWithTheClosestTerm() async throws {
        #expect(try await output(of: "glossary spyy") == "There is no term 'spyy' in the glossary. Did you mean 'spy'? Type 'glossary' to see all terms.\n")
        #expect(try await output(of: "glossary compositon root").contains("Did you mean 'composition root'?"))
        #expect(try await output(of: "glossary frobnicate") == "There is no term 'frobnicate' in the glossary. Type 'glossary' to see all terms.\n")
    }

    @Test func aCourseWithoutAGlossarySaysSo() async throws {
        #expect(try await output(of: "glossary spy", glossary: nil) == "This course has no glossary: there is no glossary.md in its lessons folder.\n")
    }

    @Test func tabOffersEveryTermAsOneWordThenTheRestOfATermAfterItsFirstWords() throws {
        let shell = try ShellHarness(glossary: LessonFixture.glossary).makeShell()
        func candidates(_ words: [String]) -> [String] {
            shell.completionCandidates(wordsBeforeCursor: words, partialWord: "")
        }
        #expect(candidates(["glossary"]) == ["composition-root", "constructor-over-injection", "dependency-injection", "spy"])
        #expect(candidates(["glossary", "composition"]) == ["root"])
        #expect(candidates(["glossary", "constructor"]) == ["over-injection"])
        #expect(candidates(["glossary", "constructor", "over"]) == ["injection"])
        #expect(candidates(["glossary", "spy"]).isEmpty)
        #expect(candidates(["glossary", "composition-root"]).isEmpty)
        #expect(try ShellHarness().makeShell().completionCandidates(wordsBeforeCursor: ["glossary"], partialWord: "").isEmpty)
    }

    @Test func helpExplainsTheCommand() async throws {
        let output = try await ShellHarness(lines: ["help", "help glossary"]).run()
        #expect(output.contains("glossary [term]"))
        #expect(output.contains("List the course's terms, or explain one (e.g. 'glossary spy')."))
        #expect(output.contains("'-' ('glossary composition root', 'glossary composition-root'); Tab completes terms."))
    }
}
