import DojoGrading
import DojoWorkspace
@testable import DojoShell
import DojoTestSupport
import Foundation
import Testing

/// Locks that point at a lesson the learner can work on, and the workshop's other small
/// promises in the shell (issue 18, items 9 and 11).
@MainActor
@Suite struct WorkshopLockTests {
    /// `arithmetic`, then `testing` locked after it, then `more` locked after `testing`.
    func harness(solutions: SolutionPolicy = .afterPass, timeBox: Duration? = nil, lines: [String] = []) throws -> ShellHarness {
        var harness = try ShellHarness(lines: lines, lessons: [.arithmetic(), .testWriting(), .arithmetic(folderName: "03-more")])
        harness.workshop = Workshop(
            title: "Friday class",
            lessons: [
                .init(lessonID: "arithmetic", timeBox: timeBox),
                .init(lessonID: "testing", locked: true),
                .init(lessonID: "more", locked: true),
            ],
            solutions: solutions,
            file: URL(fileURLWithPath: "/class/workshop.yaml")
        )
        return harness
    }

    @Test func aLockBehindALockPointsAtTheLessonTheLearnerCanWorkOn() async throws {
        let output = try await harness(lines: ["open more"]).run()
        #expect(output.contains("🔒 more opens once you have passed every exercise of testing (0 of 1 so far), which opens after arithmetic."))
        #expect(output.contains("'open arithmetic' to carry on there."))
        #expect(!output.contains("'open testing' to carry on"))
    }

    @Test func presentRefusesALockedLessonAndTabOffersOnlyOpenOnes() async throws {
        let harness = try harness()
        let shell = harness.makeShell()
        _ = await shell.execute("present testing")
        #expect(harness.terminal.output.contains("🔒 testing opens once you have passed every exercise of arithmetic"))
        #expect(!harness.terminal.output.contains("P R E S E N T"), "no slide of a locked lesson is shown")
        #expect(shell.completionCandidates(wordsBeforeCursor: ["open"], partialWord: "") == ["arithmetic"])
        #expect(shell.completionCandidates(wordsBeforeCursor: ["present"], partialWord: "") == ["arithmetic"])
    }

    @Test func theTimeBoxStopsCountingOnceTheLessonIsPassed() async throws {
        var harness = try harness(timeBox: .seconds(20 * 60))
        let clock = SettableTimeSource()
        harness.timeSource = clock
        let shell = harness.makeShell()
        _ = await shell.execute("open arithmetic")
        #expect(shell.session.prompt == "didojo arithmetic 1/2 · 20 min left> ")
        harness.checker.behaviour = .pass
        _ = await shell.execute("check arithmetic.1")
        clock.advance(by: 30 * 60)
        _ = await shell.execute("open arithmetic")
        #expect(shell.session.prompt == "didojo arithmetic 1/2 · done> ", "no 'min over' for a lesson already passed")
    }

    @Test(arguments: [
        (SolutionPolicy.afterPass, "a solution is shown once you have passed its exercise."),
        (.never, "solutions are not shown."),
        (.always, "a solution may be shown at any time"),
    ])
    func helpSolutionSaysTheWorkshopsPolicy(_ policy: SolutionPolicy, _ words: String) async throws {
        let output = try await harness(solutions: policy, lines: ["help solution"]).run()
        #expect(output.replacingOccurrences(of: "\n  ", with: " ").contains("In this workshop ('Friday class'), \(words)"))
    }

    @Test func theWelcomeCountsTheWorkshopsLessonsAndNamesItsFirstAndLast() throws {
        let harness = try harness()
        let shell = harness.makeShell()
        #expect(Welcome.span(of: shell.session) == "3 lessons, from arithmetic to more.")
        let course = try ShellHarness().makeShell()
        #expect(Welcome.span(of: course.session).hasPrefix("2 lessons, from hard-wired code"))
    }

    @Test func aPassOfOneCheckIsSaidInTheSingular() throws {
        let exercise = try #require(try ShellHarness().catalog.exercise(id: "arithmetic.1"))
        func shown(checks: Int) -> String {
            let terminal = FakeTerminal()
            let report = CheckReport(exerciseID: exercise.id, outcome: .passed, checks: (0..<checks).map { CheckResult(name: "test\($0)", testCase: "C") })
            CheckReportView(printer: Printer(terminal: terminal), fileSystem: InMemoryFileSystem()).show(report, exercise: exercise, learnerFile: URL(fileURLWithPath: "/ws/x.swift"))
            return terminal.output
        }
        #expect(shown(checks: 1).contains("arithmetic.1 passed: its one check holds."))
        #expect(shown(checks: 3).contains("arithmetic.1 passed: all 3 checks hold."))
    }

    @Test func theReportSaysWhetherTheSolutionWasSeenBeforeOrAfterThePass() async throws {
        var harness = try ShellHarness(lines: ["check arithmetic.1", "solution arithmetic.1", "solution testing.1", "y", "report"])
        harness.timeSource = SettableTimeSource()
        harness.checker.behaviour = .pass
        let output = await harness.run()
        #expect(output.contains("Double it (solution seen after passing)"), "\(output)")
        let written = try harness.fileSystem.text(of: URL(fileURLWithPath: "/ws/didojo-report.md"))
        #expect(written.contains("passed (solution seen after passing)"))
        #expect(written.contains("not tried (solution seen)"))
    }
}
