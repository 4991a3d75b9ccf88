import ChildProcess
import DojoShell
import DojoTestSupport
import Foundation
import Glibc
import Testing

/// `run`, `help run` and Tab after `run`, on the fake demo launcher: what the shell asks the
/// demos executable for, and what it says about how a demo ended.
@MainActor
@Suite struct RunCommandTests {
    @Test func runStartsTheOpenLessonsDemoWithTheTypedWordsInTheWorkspace() async throws {
        let harness = try ShellHarness()
        let shell = harness.makeShell()
        _ = await shell.execute("open arithmetic")
        _ = await shell.execute(#"run --times 3 "two words""#)
        #expect(harness.demos.runs == [
            FakeDemoLauncher.Run(lessonID: "arithmetic", arguments: ["--times", "3", "two words"], workspace: URL(fileURLWithPath: "/ws")),
        ])
    }

    @Test func runBeforeAnyLessonIsOpenRunsTheFirstLessons() async throws {
        let harness = try ShellHarness()
        _ = await harness.makeShell().execute("run")
        #expect(harness.demos.runs.map(\.lessonID) == ["arithmetic"])
    }

    @Test func aDemoThatSaidWhyItStoppedGetsNoSecondMessage() async throws {
        let harness = try ShellHarness(lines: ["open arithmetic", "run --bad"])
        let output = await harness.run()
        #expect(output.contains("Error: Unknown option '--bad'\n"))
        #expect(!output.contains("The example program"))
    }

    @Test func aCrashedDemoIsReportedAndTheShellGoesOn() async throws {
        let harness = try ShellHarness(lines: ["open arithmetic", "run", "check arithmetic.1"])
        harness.demos.program = { _ in .signaled(SIGSEGV) }
        let output = await harness.run()
        #expect(output.contains("The example program ended: segmentation fault (SIGSEGV).\n"))
        #expect(output.contains("passed"), "the shell should still check after the crash")
    }

    @Test func ctrlCStopsTheDemoAndNeitherTheShellNorItsNextCheck() async throws {
        let harness = try ShellHarness(lines: ["open arithmetic", "run", "check arithmetic.1"])
        // On a terminal, Ctrl-C reaches the demo (it dies of SIGINT) and the shell (its flag).
        harness.demos.program = { [interrupts = harness.interrupts] _ in
            interrupts.press()
            return .signaled(SIGINT)
        }
        let output = await harness.run()
        #expect(output.contains("The example program was interrupted.\n"))
        #expect(output.contains("passed"))
        #expect(!output.contains("cancelled"))
    }

    @Test func anUnexpectedExitStatusIsReported() async throws {
        let harness = try ShellHarness(lines: ["open arithmetic", "run"])
        harness.demos.program = { _ in .exited(3) }
        #expect(await harness.run().contains("The example program exited with status 3.\n"))
    }

    @Test func helpRunShowsTheOpenLessonsOptionsAsTheDemosDescribeThem() async throws {
        let harness = try ShellHarness(lines: ["help run", "open arithmetic", "help run"])
        let output = await harness.run()
        #expect(output.components(separatedBy: "Options of the arithmetic lesson:").count == 2, "only while the lesson is open")
        #expect(output.contains("    --loud     shout\n    --times N  repeat"))
    }

    @Test func aMissingDemosExecutableIsExplainedOnRunHelpRunAndTab() async throws {
        let harness = try ShellHarness(lines: ["open arithmetic", "run", "help run"])
        harness.demos.failure = .executableMissing(path: "/build/didojo-demos")
        let shell = harness.makeShell()
        await shell.run()
        let output = harness.terminal.output
        #expect(output.contains("/build/didojo-demos is missing. Build them with 'swift build'"))
        #expect(output.contains("The arithmetic lesson's options cannot be shown."))
        #expect(shell.completionCandidates(wordsBeforeCursor: ["run"], partialWord: "--").isEmpty)
    }
}
