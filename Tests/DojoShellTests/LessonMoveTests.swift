import DojoShell
import DojoTestSupport
import Testing

/// An exercise command for another lesson's exercise moves the learner there, and says so
/// with the way back, so the prompt never changes behind their back.
@MainActor
@Suite struct LessonMoveTests {
    @Test func aCommandForAnotherLessonsExerciseSaysItMovedAndHowToGoBack() async throws {
        let harness = try ShellHarness()
        let shell = harness.makeShell()
        _ = await shell.execute("open arithmetic")
        let before = harness.terminal.output.count
        _ = await shell.execute("check testing.1")
        let said = String(harness.terminal.output.dropFirst(before))
        #expect(said.hasPrefix("Moved to lesson testing for testing.1; 'open arithmetic' goes back.\n"))
        #expect(shell.session.prompt == "didojo testing exercises> ")
        // A check without an id now means the exercise just named.
        #expect(try shell.session.exercise(named: nil).id == "testing.1")
    }

    @Test func noMoveIsAnnouncedWithinTheLessonOrBeforeAnyIsOpen() async throws {
        let output = try await ShellHarness(lines: ["hint arithmetic.1", "hint 1", "open testing", "exercise testing.1"]).run()
        #expect(output.contains("Hint 2 of 2"), "both hints were shown, so both commands ran")
        #expect(output.contains("Test the counter"))
        #expect(!output.contains("Moved to lesson"))
    }
}
