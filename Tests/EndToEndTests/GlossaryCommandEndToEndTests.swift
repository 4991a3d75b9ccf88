import DojoTestSupport
import Foundation
import Testing

/// `glossary` in the real binary, on the repository's own `Lessons/glossary.md`.
@Suite struct GlossaryCommandEndToEndTests {
    @Test func aScriptListsTheTermsShowsTwoEntriesAndAnswersATypo() async throws {
        let result = try await Didojo().run([], input: "glossary\nglossary spy\nglossary composition root\nglossary spyy\n")
        #expect(result.termination == .exited(0))
        let output = result.standardOutput
        // The list: one line per term, cut to the script's 80 columns.
        #expect(output.hasPrefix("ambient context  A dependency that code reaches through a static, globally...\n"))
        #expect(output.contains("\nspy  A test double that records the calls it receives, so that the test can...\n"))
        for line in output.split(separator: "\n") {
            #expect(line.count <= 80, "\(line)")
        }
        // One entry, with its source and the lesson that teaches it.
        #expect(output.contains("spy\n---\n\nA test double that records the calls it receives, so that the test can ask it\nafterwards"))
        #expect(output.contains("Source: Meszaros, xUnit Test Patterns, \"Test Spy\"; Fowler, Mocks Aren't Stubs\n(2007). See lesson 2 (`constructor`), also lessons 3 and 5.\n"))
        // Two words, as typed.
        #expect(output.contains("composition root\n----------------\n\nThe single place in an application"))
        #expect(output.contains("Source: DIPP&P, ch. 4. See lesson 2 (`constructor`), also lessons 5 and 6.\n"))
        #expect(output.contains("There is no term 'spyy' in the glossary. Did you mean 'spy'?"))
    }

    @Test func tabCompletesATermOnAPseudoTerminal() async throws {
        let didojo = try Didojo()
        var environment = didojo.environment
        environment["TERM"] = "xterm"
        let session = try PseudoTerminalSession(executable: Didojo.executable, environment: environment)
        var seen = try await session.waitFor("didojo> ")
        session.type("gloss\t")
        seen = try await session.waitFor("glossary ", after: seen)
        session.type("captive\t")
        seen = try await session.waitFor("captive-dependency ", after: seen)
        session.type("\r")
        seen = try await session.waitFor("A dependency kept alive longer than its lifetime allows", after: seen)
        try await session.waitFor("didojo> ", after: seen)
        session.type("quit\r")
        #expect(try await session.waitForExit() == 0)
    }
}
