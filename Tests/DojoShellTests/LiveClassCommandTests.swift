import ClassProtocol
import DojoWorkspace
@testable import DojoShell
import DojoTestSupport
import Foundation
import Testing

/// The shell's side of the live class on fakes: what it records, what `ask` shows and sends,
/// and a lesson the teacher unlocked for the room.
@MainActor
@Suite struct LiveClassCommandTests {
    @Test func openingHintsChecksAndRunsAreRecordedAndGradingIsNot() async throws {
        var harness = try ShellHarness(lines: ["open arithmetic", "exercise arithmetic.1", "hint", "check", "run"])
        let classroom = FakeClassroom()
        harness.classroom = classroom
        _ = await harness.run()
        let kinds = classroom.events.map(\.kind)
        #expect(kinds == [.opened, .opened, .hint, .check, .run], "\(kinds)")
        let check = try #require(classroom.events.first { $0.kind == .check })
        #expect(check.exerciseID == "arithmetic.1")
        #expect(check.passed == true, "the fake checker passes every check")
        #expect(check.askFile == nil, "a check sends no code")
        #expect(classroom.deliveries == 1, "the shell asks for a delivery of what waited when it starts")
    }

    @Test func quitSaysHowManyEventsHaveNotReachedTheClassYet() async throws {
        var harness = try ShellHarness(lines: ["quit"])
        harness.classroom = FakeClassroom(waiting: 3)
        let output = await harness.run()
        #expect(output.contains("3 events not delivered to \"Friday class\" yet"), "\(output)")
        #expect(output.contains("Bye!"))
        var quiet = try ShellHarness(lines: ["quit"])
        quiet.classroom = FakeClassroom(waiting: 0)
        #expect(!(await quiet.run()).contains("not delivered"))
    }

    @Test func nothingIsRecordedOutsideAClass() async throws {
        var harness = try ShellHarness(lines: ["open arithmetic", "check arithmetic.1", "ask help"])
        let classroom = FakeClassroom(membership: nil)
        harness.classroom = classroom
        let output = await harness.run()
        #expect(classroom.events.isEmpty)
        #expect(output.contains("you are not in one"))
    }

    @Test func askShowsWhatGoesAndSendsNothingWhenDeclined() async throws {
        var harness = try ShellHarness(lines: ["exercise arithmetic.1", "ask why does it fail", "n"])
        let classroom = FakeClassroom()
        harness.classroom = classroom
        let output = await harness.run()
        #expect(output.contains("This goes to \"Friday class\""))
        #expect(output.contains("Question: why does it fail"))
        #expect(output.contains("Nothing was sent."))
        #expect(!classroom.events.contains { $0.kind == .ask })
    }

    @Test func askSendsTheFileAndQuestionOnceConfirmed() async throws {
        var harness = try ShellHarness(lines: ["exercise arithmetic.1", "ask why does it fail", "y"])
        let classroom = FakeClassroom()
        harness.classroom = classroom
        _ = await harness.run()
        let ask = try #require(classroom.events.first { $0.kind == .ask })
        let exercise = try #require(harness.catalog.exercise(id: "arithmetic.1"))
        #expect(ask.askFile == (try harness.fileSystem.text(of: harness.workspace.file(for: exercise))))
        #expect(ask.askText == "why does it fail")
        #expect(ask.askReport == "Last check: not checked yet")
    }

    @Test func aLessonTheTeacherUnlockedForTheRoomOpens() async throws {
        let workshop = Workshop(
            title: "Friday class", lessons: [.init(lessonID: "arithmetic"), .init(lessonID: "testing", locked: true)],
            file: URL(fileURLWithPath: "/class/workshop.yaml"))
        var locked = try ShellHarness(lines: ["open testing"], lessons: [.arithmetic(), .testWriting()])
        locked.workshop = workshop
        locked.classroom = FakeClassroom(membership: FakeClassroom.member())
        #expect(await locked.run().contains("🔒 testing opens once"))

        var unlocked = try ShellHarness(lines: ["open testing"], lessons: [.arithmetic(), .testWriting()])
        unlocked.workshop = workshop
        let alreadyKnown = FakeClassroom(membership: FakeClassroom.member(unlocked: ["testing"]))
        unlocked.classroom = alreadyKnown
        #expect(!(await unlocked.run().contains("🔒")))
        #expect(alreadyKnown.refreshes == 0, "an unlock the shell knows of needs no question")
    }

    static let lockingWorkshop = Workshop(
        title: "Friday class", lessons: [.init(lessonID: "arithmetic"), .init(lessonID: "testing", locked: true)],
        file: URL(fileURLWithPath: "/class/workshop.yaml"))

    /// `open` on a locked lesson asks the class first: an unlock made since the last delivery
    /// opens it at once.
    @Test func openingALockedLessonAsksTheClassFirst() async throws {
        var harness = try ShellHarness(lines: ["open testing"], lessons: [.arithmetic(), .testWriting()])
        harness.workshop = Self.lockingWorkshop
        let classroom = FakeClassroom(membership: FakeClassroom.member(), refreshAnswer: .success(["testing"]))
        harness.classroom = classroom
        let output = await harness.run()
        #expect(classroom.refreshes == 1)
        #expect(output.contains("Asking your class whether testing is unlocked"), "\(output)")
        #expect(!output.contains("🔒"), "\(output)")
        #expect(classroom.events.map(\.kind) == [.opened], "the lesson opened")

        // Still locked: said once, with the way to ask again.
        var still = try ShellHarness(lines: ["open testing"], lessons: [.arithmetic(), .testWriting()])
        still.workshop = Self.lockingWorkshop
        still.classroom = FakeClassroom(membership: FakeClassroom.member(), refreshAnswer: .success([]))
        let stillOutput = await still.run()
        #expect(stillOutput.contains("🔒 testing opens once"))
        #expect(stillOutput.contains("'open testing' asks the class again"))
        #expect(!stillOutput.contains("could not be asked"))
    }

    /// A dead network: the lock stays, said in a sentence, and what the learner did stays queued.
    @Test func aClassThatCannotBeAskedLeavesTheLockAndLosesNothing() async throws {
        var harness = try ShellHarness(lines: ["exercise arithmetic.1", "hint", "open testing"], lessons: [.arithmetic(), .testWriting()])
        harness.workshop = Self.lockingWorkshop
        let classroom = FakeClassroom(
            membership: FakeClassroom.member(), refreshAnswer: .failure(ClassroomProblem("No answer from http://127.0.0.1:8080 (connection refused).")))
        harness.classroom = classroom
        let output = await harness.run()
        #expect(output.contains("🔒 testing opens once"), "\(output)")
        #expect(output.contains("Your class could not be asked: No answer from http://127.0.0.1:8080 (connection refused)."), "\(output)")
        #expect(output.contains("what you do is kept"))
        #expect(classroom.events.map(\.kind) == [.opened, .opened, .hint], "nothing lost: \(classroom.events.map(\.kind))")
        // Outside a class nothing is asked.
        var alone = try ShellHarness(lines: ["open testing"], lessons: [.arithmetic(), .testWriting()])
        alone.workshop = Self.lockingWorkshop
        let none = FakeClassroom(membership: nil, refreshAnswer: .success(["testing"]))
        alone.classroom = none
        #expect(await alone.run().contains("🔒 testing opens once"))
        #expect(none.refreshes == 0)
    }
}
