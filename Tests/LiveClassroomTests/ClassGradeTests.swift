import ClassProtocol
import ClassServer
import DojoCore
import DojoTestSupport
import DojoWorkspace
import Foundation
import Testing

/// The cheat: a learner posts passes with the token in their own `.didojo/class.json`.
/// The dashboard marks them as only reported, and `didojo class grade` takes them back.
@Suite(.serialized) struct ClassGradeTests {
    @Test func passesALearnerPostedByHandAreTakenBackByClassGrade() async throws {
        let home = try TemporaryFolder("live-class-grade")
        let server = ClassServerProcess(folder: home.url)
        try server.start(lessons: Didojo.lessonsFolder)
        defer { server.kill() }
        var ada = try Didojo()
        let joined = try await ada.run(["class", "join", server.url, ClassServerProcess.joinCode, "--name", "Ada"])
        #expect(joined.standardOutput.contains("Joined"), "\(joined.standardOutput)\(joined.standardError)")
        let membership = try #require(ClassOutbox(stateFolder: Workspace.stateFolder(ofRoot: ada.workspace), fileSystem: LocalFileSystem()).membership())
        // The cheat, as curl would send it: every exercise of no-di passed.
        try await ClassServerProcess.post(EventBatch(events: ["no-di.1", "no-di.2", "no-di.3"].map {
            ClassEvent(kind: .check, time: Date(), exerciseID: $0, passed: true)
        }), to: server.url, token: membership.token)
        let cheated = try await server.room()
        #expect(cheated.learners.first?.cells["no-di.1"]?.state == "passed")
        #expect(cheated.learners.first?.cells["no-di.1"]?.grade == nil, "a pass is only reported until verify says otherwise")

        // The teacher grades the workspace (its files are still the starters) and sends it in,
        // the teacher's token in the environment, never in a URL.
        let link = server.url
        let withoutToken = try await ada.run(["class", "grade", link, ada.workspace.path])
        #expect(withoutToken.termination == .exited(2))
        #expect(withoutToken.standardError.contains("Set DIDOJO_TEACHER_TOKEN"), "\(withoutToken.standardError)")
        ada.extraEnvironment["DIDOJO_TEACHER_TOKEN"] = ClassServerProcess.teacherToken
        let graded = try await ada.run(["class", "grade", link, ada.workspace.path])
        #expect(graded.standardOutput.contains("The dashboard now shows the grades of 1 learner."), "\(graded.standardOutput)\(graded.standardError)")
        let room = try await server.room()
        let cells = try #require(room.learners.first?.cells)
        #expect(["no-di.1", "no-di.2", "no-di.3"].allSatisfy { cells[$0]?.grade == "takenBack" }, "\(cells)")
        #expect(room.totals.passedCells == 0, "a pass taken back is not counted")

        // A pass that verify confirms is verified.
        let exercise = try #require(LiveClassroomTests.catalog.exercise(id: "no-di.1"))
        try LiveClassroomTests.solve(exercise.id, in: ada)
        _ = try await ada.run(["class", "grade", link, ada.workspace.path])
        #expect(try await server.room().learners.first?.cells["no-di.1"]?.grade == "verified")
    }

    /// `handout` refuses a name that `class join` would refuse: one rule for both.
    @Test func aHandoutRefusesANameTheClassWouldRefuse() async throws {
        let teacher = try Didojo()
        let folder = teacher.home.url.appendingPathComponent("seat")
        let long = try await teacher.run(["handout", folder.path, "--name", String(repeating: "n", count: 46)])
        #expect(long.termination == .exited(2))
        #expect(long.standardError.contains("cannot be a learner's name: A name is at most 40 characters"), "\(long.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.path), "nothing made")
        let wide = try await teacher.run(["handout", folder.path, "--name", String(repeating: "李", count: 21)])
        #expect(wide.termination == .exited(2), "21 wide characters are 42 columns")
        let fine = try await teacher.run(["handout", folder.path, "--name", "  Ada   Lovelace "])
        #expect(fine.termination == .exited(0), "\(fine.standardError)")
        #expect(try String(contentsOf: folder.appendingPathComponent(".didojo/learner.json"), encoding: .utf8).contains("\"Ada Lovelace\""))
    }
}
