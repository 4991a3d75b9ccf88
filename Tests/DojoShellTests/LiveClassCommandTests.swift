import ClassProtocol
import DojoCore
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
        unlocked.classroom = FakeClassroom(membership: FakeClassroom.member(unlocked: ["testing"]))
        #expect(!(await unlocked.run().contains("🔒")))
    }
}
