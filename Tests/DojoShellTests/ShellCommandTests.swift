import DojoCatalog
import DojoShell
import DojoTestSupport
import Foundation
import Testing

@MainActor
@Suite struct ShellCommandTests {
    @Test func helpListsEveryCommandAndExplainsOne() async throws {
        let output = try await ShellHarness(lines: ["help", "help check"]).run()
        for command in ["help", "lessons", "open <lesson>", "read", "next", "prev", "run [options]", "exercise [exercise]", "edit [exercise]",
                        "check [exercise]", "watch [exercise]", "hint [exercise]", "solution [exercise]", "reset [exercise | --all]", "progress", "report [md|json]", "clear", "quit"] {
            #expect(output.contains(command), "help should list \(command)")
        }
        #expect(output.contains("Compiles your file together with the exercise's checks"))
    }

    @Test func anUnknownCommandNamesTheClosestOneInOneLine() async throws {
        let output = try await ShellHarness(lines: ["chekc"]).run()
        #expect(output == "Unknown command 'chekc'. Did you mean 'check'? Type 'help' to see all commands.\n")
    }

    @Test func readingWalksThePagesThenTheExercisesThenTheNextLesson() async throws {
        let harness = try ShellHarness(lines: ["read", "next", "next", "next", "prev"])
        let shell = harness.makeShell()
        #expect(shell.session.prompt == "didojo> ")
        _ = await shell.execute("read")
        #expect(harness.terminal.output.contains("First page"))
        #expect(shell.session.prompt == "didojo arithmetic 1/2> ")
        _ = await shell.execute("next")
        #expect(shell.session.prompt == "didojo arithmetic 2/2> ")
        _ = await shell.execute("next")
        #expect(shell.session.prompt == "didojo arithmetic exercises> ")
        #expect(harness.terminal.output.contains("arithmetic.1  Double it"))
        _ = await shell.execute("next")
        #expect(shell.session.prompt == "didojo testing 1/1> ")
        _ = await shell.execute("prev")
        #expect(shell.session.prompt == "didojo arithmetic exercises> ")
        #expect(harness.progress.currentLessonID == "arithmetic")
    }

    @Test func openRejectsAnUnknownLessonWithASuggestion() async throws {
        let output = try await ShellHarness(lines: ["open arithmetik"]).run()
        #expect(output.contains("There is no lesson 'arithmetik'. Did you mean 'arithmetic'?"))
    }

    @Test func exerciseShowsTheTaskAndTheLearnersFile() async throws {
        let output = try await ShellHarness(lines: ["exercise arithmetic.1"]).run()
        #expect(output.contains("Exercise arithmetic.1: Double it"))
        #expect(output.contains("Make `double(_:)` return twice its argument."))
        #expect(output.contains("Your file: /ws/arithmetic/1/Doubler.swift"))
    }

    @Test func hintsComeOneAtATimeAndAreRemembered() async throws {
        let harness = try ShellHarness(lines: ["hint arithmetic.1", "hint", "hint"])
        let output = await harness.run()
        #expect(output.contains("Hint 1 of 2 for arithmetic.1\nMultiply."))
        #expect(output.contains("Hint 2 of 2 for arithmetic.1\nBy two."))
        #expect(output.contains("You have seen all 2 hints for arithmetic.1:"))
        #expect(harness.progress.exercise("arithmetic.1").hintsShown == 2)
    }

    @Test func aPassingCheckIsRecordedWithTheTimeItFirstPassed() async throws {
        let harness = try ShellHarness(lines: ["check arithmetic.1"])
        let output = await harness.run()
        #expect(output == "✓ arithmetic.1 passed: all 2 checks hold.\nYou have passed every exercise of arithmetic! 'open testing' starts the next lesson.\n")
        #expect(!output.contains("Your code printed"), "a pass is one success line and what to do next")
        let record = harness.progress.exercise("arithmetic.1")
        #expect(record.passed)
        #expect(record.attempts == 1)
        #expect(record.firstPassedAt == FixedTimeSource().now())
    }

    @Test func aFailingCheckShowsTheAuthorsMessage() async throws {
        let harness = try ShellHarness(lines: ["check arithmetic.1"])
        harness.checker.behaviour = .failCheck("testDoublesTwo", message: "double(2) should be 4")
        let output = await harness.run()
        #expect(output.contains("✗ arithmetic.1: 1 of 2 checks failed."))
        #expect(output.contains("Your code printed:\n  │ printed by the learner"))
        #expect(output.contains("  ✗ doubles two\n      double(2) should be 4"))
        #expect(harness.progress.exercise("arithmetic.1").status == .failed)
    }

    @Test func aCompileErrorShowsTheLearnersLineAndPlainWords() async throws {
        let harness = try ShellHarness(lines: ["check arithmetic.1"])
        harness.checker.behaviour = .compileError(line: 2, message: "cannot find 'value2' in scope", explanation: "A name is used that is not declared anywhere the compiler can see.")
        let output = await harness.run()
        #expect(output.contains("✗ arithmetic.1 does not compile yet."))
        #expect(output.contains("Doubler.swift:2:5: error: cannot find 'value2' in scope"))
        #expect(output.contains("    2 | func double(_ value: Int) -> Int {\n      |     ^"))
        #expect(output.contains("In plain words: A name is used that is not declared"))
    }

    @Test func aCrashIsAFailedCheckWithTheRuntimesMessage() async throws {
        let harness = try ShellHarness(lines: ["check arithmetic.1", "progress"])
        harness.checker.behaviour = .crash(message: "Fatal error: Unexpectedly found nil while unwrapping an Optional value")
        let output = await harness.run()
        #expect(output.contains("✗ arithmetic.1: your code crashed (illegal instruction / trap) (SIGILL) while checking 'doubles two'."))
        #expect(output.contains("    Fatal error: Unexpectedly found nil while unwrapping an Optional value"))
        #expect(output.contains("0 of 2 exercises passed"))
    }

    @Test func ctrlCDuringACheckCancelsItWithoutCountingAnAttempt() async throws {
        let harness = try ShellHarness()
        harness.checker.behaviour = .hang
        let shell = harness.makeShell()
        let check = Task { await shell.execute("check arithmetic.1") }
        while !harness.interrupts.isAwaited { try await Task.sleep(for: .milliseconds(5)) }
        harness.interrupts.press()
        _ = await check.value
        #expect(harness.terminal.output.contains("Check of arithmetic.1 cancelled."))
        #expect(harness.progress.exercise("arithmetic.1").attempts == 0)
    }

    @Test func aStopSignalDuringACheckCancelsItAndEndsTheShell() async throws {
        // Two lines typed: the shell ends after the first, whose check the stop cancelled.
        let harness = try ShellHarness(lines: ["check arithmetic.1", "progress"])
        harness.checker.behaviour = .hang
        let shell = harness.makeShell()
        let running = Task { await shell.run() }
        while !harness.interrupts.isAwaited { try await Task.sleep(for: .milliseconds(5)) }
        harness.interrupts.requestStop()
        await running.value
        #expect(harness.terminal.output.contains("Check of arithmetic.1 cancelled."))
        #expect(!harness.terminal.output.contains("exercises passed"), "the shell read on after the stop")
    }

    @Test func aCtrlCPressedAtThePromptDoesNotCancelTheNextCheck() async throws {
        let harness = try ShellHarness()
        harness.interrupts.press()
        let output = await { await harness.makeShell().execute("check arithmetic.1"); return harness.terminal.output }()
        #expect(output.contains("passed"))
    }

    @Test func theSolutionStaysHiddenUntilTheLearnerConfirms() async throws {
        let harness = try ShellHarness(lines: ["solution arithmetic.1", "n", "solution arithmetic.1", "y"])
        let output = await harness.run()
        #expect(output.contains("Kept hidden."))
        #expect(output.contains("- // TODO: return twice the value\n  func double(_ value: Int) -> Int {\n-     return 0\n+     return value * 2\n  }"))
        #expect(harness.progress.exercise("arithmetic.1").solutionSeen)
    }

    @Test func theSolutionIsShownWithoutAskingOnceTheExercisePassed() async throws {
        let output = try await ShellHarness(lines: ["check arithmetic.1", "solution"]).run()
        #expect(!output.contains("Show the solution anyway?"))
        #expect(output.contains("+     return value * 2"))
    }

    @Test func resetKeepsABackupAndPutsTheStarterBack() async throws {
        let harness = try ShellHarness(lines: ["reset arithmetic.1", "yes"])
        let file = harness.workspace.file(for: try #require(harness.catalog.exercise(id: "arithmetic.1")))
        try harness.fileSystem.write("my attempt", to: file)
        let output = await harness.run()
        #expect(output.contains("✓ Restored the starter of arithmetic.1."))
        #expect(try harness.fileSystem.text(of: file).contains("TODO"))
        #expect(harness.fileSystem.allFiles.contains("/ws/.didojo/backups/arithmetic.1-20160618-000000-Doubler.swift"))
    }

    @Test func resetDoesNothingWithoutConfirmation() async throws {
        let harness = try ShellHarness(lines: ["reset arithmetic.1", ""])
        let file = harness.workspace.file(for: try #require(harness.catalog.exercise(id: "arithmetic.1")))
        try harness.fileSystem.write("my attempt", to: file)
        let output = await harness.run()
        #expect(output.contains("Nothing changed."))
        #expect(try harness.fileSystem.text(of: file) == "my attempt")
    }

    @Test func editOpensTheLearnersFileInTheEditor() async throws {
        let harness = try ShellHarness(lines: ["edit arithmetic.1"])
        _ = await harness.run()
        #expect(harness.editor.opened.map(\.path) == ["/ws/arithmetic/1/Doubler.swift"])
    }

    @Test func editWithoutAnEditorSaysHowToSetOne() async throws {
        let harness = try ShellHarness(lines: ["edit arithmetic.1"])
        harness.editor.editorCommand = nil
        let output = await harness.run()
        #expect(output.contains("No editor is set, and none of sensible-editor, editor, nano or vi is on your PATH."))
        #expect(output.contains("export EDITOR=nano"))
    }

    @Test func watchChecksAgainOnEverySaveUntilCtrlC() async throws {
        let harness = try ShellHarness(lines: ["watch arithmetic.1"], watcherChanges: 2)
        let output = await harness.run()
        #expect(output.components(separatedBy: "passed: all 2 checks hold").count - 1 == 3)
        #expect(output.contains("Stopped watching."))
        #expect(harness.progress.exercise("arithmetic.1").attempts == 3)
    }

    @Test func aMissingLearnerFileIsRestoredFromTheStarterBeforeChecking() async throws {
        let harness = try ShellHarness(lines: ["check arithmetic.1"])
        try harness.fileSystem.removeItem(at: URL(fileURLWithPath: "/ws/arithmetic/1/Doubler.swift"))
        let output = await harness.run()
        #expect(output.contains("was missing, so the starter was copied"))
        #expect(harness.fileSystem.fileExists(at: URL(fileURLWithPath: "/ws/arithmetic/1/Doubler.swift")))
    }

    @Test func runStartsTheOpenLessonsDemoAndReportsBadOptions() async throws {
        let output = try await ShellHarness(lines: ["open arithmetic", "run --loud", "run --bad"]).run()
        #expect(output.contains("echo: --loud\n"))
        #expect(output.contains("Error: Unknown option '--bad'\n"))
    }

    @Test func progressShowsABarAndCounts() async throws {
        let output = try await ShellHarness(lines: ["check arithmetic.1", "progress"]).run()
        #expect(output.contains("[###############---------------]  1 of 2 exercises passed"))
        #expect(output.contains("arithmetic: 1/1 passed, 1 attempt, 0 hints used"))
    }

    @Test func quitEndsTheLoopAndClosesTheTerminal() async throws {
        let harness = try ShellHarness(lines: ["quit", "help"])
        let output = await harness.run()
        #expect(output.contains("Bye!"))
        #expect(!output.contains("List the commands"))
        #expect(harness.terminal.closed)
    }

    @Test func aTestThatLetsMutantsThroughIsToldWhichOnes() async throws {
        let harness = try ShellHarness(lines: ["check testing.1"])
        harness.checker.behaviour = .mutantsSurvive
        let output = await harness.run()
        #expect(output.contains("✗ testing.1: your tests pass on the correct code, but let 2 of 2 planted bugs through."))
        #expect(output.contains("✗ your test did not notice: the counter never counts"))
        #expect(output.contains("✗ your test did not notice: the counter counts twice"))
    }

    @Test func progressSurvivesANewSession() async throws {
        let harness = try ShellHarness(lines: ["open testing", "hint testing.1"])
        _ = await harness.run()
        let again = harness.makeShell()
        #expect(again.session.prompt == "didojo testing 1/1> ")
        #expect(again.session.progress.exercise("testing.1").hintsShown == 1)
    }
}
