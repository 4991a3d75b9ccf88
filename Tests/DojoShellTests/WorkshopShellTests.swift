import DojoShell
import DojoTestSupport
import DojoWorkspace
import Foundation
import Testing

/// What an instructor's workshop file changes in the shell: the lock, the time box, the
/// solution policy, and the lessons listed.
@MainActor
@Suite struct WorkshopShellTests {
    /// `arithmetic` then `testing`, the second locked until the first is passed.
    func workshop(solutions: SolutionPolicy = .afterPass, timeBox: Duration? = nil) -> Workshop {
        Workshop(
            title: "Friday class",
            lessons: [
                .init(lessonID: "arithmetic", timeBox: timeBox),
                .init(lessonID: "testing", locked: true),
            ],
            solutions: solutions,
            file: URL(fileURLWithPath: "/class/workshop.yaml")
        )
    }

    func harness(_ workshop: Workshop) throws -> ShellHarness {
        var harness = try ShellHarness()
        harness.workshop = workshop
        return harness
    }

    func markPassed(_ id: String, in harness: ShellHarness) throws {
        var progress = harness.progress
        progress.update(id) { $0.passed = true; $0.attempts = 1 }
        try harness.store.update { $0 = progress }
    }

    @Test func aLockedLessonCannotBeReachedAnyWayUntilThePreviousOneIsPassed() async throws {
        let harness = try harness(workshop())
        let shell = harness.makeShell()
        for attempt in ["open testing", "exercise testing.1", "check testing.1", "hint testing.1"] {
            _ = await shell.execute(attempt)
            #expect(shell.session.prompt == "didojo> ", "'\(attempt)' must not move into the locked lesson")
        }
        _ = await shell.execute("open arithmetic")
        _ = await shell.execute("next")
        _ = await shell.execute("next")
        #expect(shell.session.prompt == "didojo arithmetic exercises> ")
        _ = await shell.execute("next")
        #expect(shell.session.prompt == "didojo arithmetic exercises> ", "'next' must not step into the locked lesson")
        #expect(harness.checker.checkedSources.isEmpty, "no check may run for a locked lesson")
        #expect(harness.progress.exercise("testing.1").hintsShown == 0)
        let refusals = harness.terminal.output.components(separatedBy: "🔒 testing opens once you have passed every exercise of arithmetic (0 of 1 so far).")
        #expect(refusals.count - 1 == 5)
        #expect(harness.terminal.output.contains("Your workshop, 'Friday class', sets this order. 'open arithmetic' to carry on there."))
    }

    @Test func passingThePreviousLessonUnlocksTheNext() async throws {
        let harness = try harness(workshop())
        try markPassed("arithmetic.1", in: harness)
        let shell = harness.makeShell()
        _ = await shell.execute("open testing")
        #expect(shell.session.prompt == "didojo testing 1/1> ")
        #expect(!harness.terminal.output.contains("🔒"))
    }

    @Test func lessonsShowsTheWorkshopAndItsLocks() async throws {
        let harness = try harness(workshop(timeBox: .seconds(30 * 60)))
        _ = await harness.makeShell().execute("lessons")
        let output = harness.terminal.output
        #expect(output.hasPrefix("Workshop: Friday class\n"))
        #expect(output.contains("arithmetic — Arithmetic  (0/1 passed)  · 30 min\n"))
        #expect(output.contains("testing — Testing  (0/1 passed)  · 🔒 after arithmetic\n"))
    }

    @Test func thePromptCountsDownTheTimeBoxFromTheFirstOpeningAndNeverCutsOff() async throws {
        var harness = try harness(workshop(timeBox: .seconds(20 * 60)))
        let clock = SettableTimeSource()
        harness.timeSource = clock
        let shell = harness.makeShell()
        _ = await shell.execute("open arithmetic")
        #expect(shell.session.prompt == "didojo arithmetic 1/2 · 20 min left> ")
        clock.advance(by: 5 * 60 + 30)
        _ = await shell.execute("next")
        #expect(shell.session.prompt == "didojo arithmetic 2/2 · 15 min left> ")
        // Opening it again does not restart the clock, nor does a new shell.
        _ = await shell.execute("open arithmetic")
        clock.advance(by: 20 * 60)
        let restarted = harness.makeShell()
        #expect(restarted.session.prompt == "didojo arithmetic 1/2 · 6 min over> ")
        _ = await restarted.execute("next")
        #expect(restarted.session.prompt == "didojo arithmetic 2/2 · 6 min over> ", "time up must not stop the learner")
    }

    @Test func afterPassShowsTheSolutionOnlyOncePassed() async throws {
        let harness = try harness(workshop(solutions: .afterPass))
        let shell = harness.makeShell()
        _ = await shell.execute("solution arithmetic.1")
        #expect(harness.terminal.output.contains("In this workshop ('Friday class') solutions are shown once you have passed the exercise."))
        #expect(!harness.terminal.output.contains("Solution of arithmetic.1"))
        #expect(harness.progress.exercise("arithmetic.1").solutionSeen == false)

        try markPassed("arithmetic.1", in: harness)
        let afterPass = harness.makeShell()
        _ = await afterPass.execute("solution arithmetic.1")
        #expect(harness.terminal.output.contains("Solution of arithmetic.1"))
    }

    @Test func neverKeepsTheSolutionHiddenEvenAfterAPass() async throws {
        let harness = try harness(workshop(solutions: .never))
        try markPassed("arithmetic.1", in: harness)
        _ = await harness.makeShell().execute("solution arithmetic.1")
        #expect(harness.terminal.output.contains("Solutions are not shown in this workshop ('Friday class')."))
        #expect(!harness.terminal.output.contains("Solution of arithmetic.1"))
    }

    @Test func alwaysStillAsksBeforeTheLearnerHasPassed() async throws {
        var harness = try harness(workshop(solutions: .always))
        harness.terminal.lines = ["y"]
        _ = await harness.makeShell().execute("solution arithmetic.1")
        #expect(harness.terminal.output.contains("Show the solution anyway?"))
        #expect(harness.terminal.output.contains("Solution of arithmetic.1"))
    }
}
