import DojoShell
import DojoTestSupport
import Testing

/// What the shell leaves for later so that its first prompt comes quickly: each of these
/// starts a process or searches the disk, and is done the first time a command needs it.
@MainActor
@Suite struct StartUpTests {
    @Test func startingTheShellAsksTheDemosNothingUntilRunOrHelpRun() async throws {
        let harness = try ShellHarness(lines: ["lessons", "open arithmetic", "help"])
        let shell = harness.makeShell()
        Welcome.show(shell.session)
        await shell.run()
        #expect(harness.demos.descriptionRequests == 0)
        #expect(harness.demos.runs.isEmpty)
        _ = await shell.execute("help run")
        #expect(harness.demos.descriptionRequests == 1)
    }

    @Test func theCheckerIsMadeForTheFirstCheckAndOnlyOnce() async throws {
        let harness = try ShellHarness(lines: ["lessons", "open arithmetic", "help"])
        let shell = harness.makeShell()
        Welcome.show(shell.session)
        await shell.run()
        #expect(harness.checkersMade == 0)
        _ = await shell.execute("check arithmetic.1")
        _ = await shell.execute("check arithmetic.1")
        #expect(harness.checkersMade == 1)
        #expect(harness.terminal.output.contains("passed"))
    }
}
