import DojoShell
import DojoTestSupport
import Testing

@MainActor
@Suite struct CompletionTests {
    func candidates(_ words: [String]) throws -> [String] {
        try ShellHarness().makeShell().completionCandidates(wordsBeforeCursor: words, partialWord: "")
    }

    @Test func anEmptyLineOffersEveryCommand() throws {
        #expect(try candidates([]).contains("check"))
        #expect(try candidates([]) == CommandRegistry.standard().names)
    }

    @Test func exerciseCommandsOfferExerciseIds() throws {
        for command in ["hint", "edit", "watch", "solution", "exercise"] {
            #expect(try candidates([command]) == ["arithmetic.1", "testing.1"], "\(command) should complete exercise ids")
        }
        #expect(try candidates(["check"]) == ["arithmetic.1", "testing.1", "--full-output"])
        #expect(try candidates(["reset"]) == ["--all", "arithmetic.1", "testing.1"])
    }

    @Test func reportOffersItsFormats() throws {
        #expect(try candidates(["report"]) == ["md", "json", "--verify"])
        #expect(try candidates(["report", "--verify"]) == ["md", "json"])
        #expect(try candidates(["report", "json"]) == ["--verify"])
    }

    @Test func openOffersLessonIds() throws {
        #expect(try candidates(["open"]) == ["arithmetic", "testing"])
    }

    @Test func runOffersTheOpenLessonsFlags() async throws {
        let shell = try ShellHarness().makeShell()
        #expect(shell.completionCandidates(wordsBeforeCursor: ["run"], partialWord: "").isEmpty)
        _ = await shell.execute("open arithmetic")
        #expect(shell.completionCandidates(wordsBeforeCursor: ["run"], partialWord: "--") == ["--loud", "--times"])
    }

    @Test func nothingIsOfferedAfterACompleteArgumentOrForUnknownCommands() throws {
        #expect(try candidates(["hint", "arithmetic.1"]).isEmpty)
        #expect(try candidates(["check", "arithmetic.1", "--full-output"]).isEmpty)
        #expect(try candidates(["frobnicate"]).isEmpty)
    }
}
