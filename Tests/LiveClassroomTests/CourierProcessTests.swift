import ClassProtocol
import ClassServer
import DojoCore
import DojoTestSupport
import DojoWorkspace
import Foundation
import Testing

/// The bug for real: the learner's courier keeps retrying a class that is down, the
/// learner joins another class, and what they do next must reach the new class, never the
/// old one when it comes back. Real servers, the real `didojo` and `didojo-class-client`.
@Suite(.serialized) struct CourierProcessTests {
    static var client: URL { ClassServerProcess.executable.deletingLastPathComponent().appendingPathComponent("didojo-class-client") }

    @Test func joiningAnotherClassReplacesTheCourierRetryingTheOldOne() async throws {
        let home = try TemporaryFolder("live-class-rejoin")
        let old = ClassServerProcess(folder: home.url.appendingPathComponent("old"))
        let new = ClassServerProcess(folder: home.url.appendingPathComponent("new"))
        try FileManager.default.createDirectory(at: old.folder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: new.folder, withIntermediateDirectories: true)
        try old.start(lessons: Didojo.lessonsFolder)
        defer { old.kill(); new.kill() }
        let ada = try Didojo()
        let joined = try await ada.run(["class", "join", old.url, ClassServerProcess.joinCode, "--name", "Ada"])
        #expect(joined.standardOutput.contains("Joined"), "\(joined.standardOutput)\(joined.standardError)")
        let outbox = ClassOutbox(stateFolder: Workspace.stateFolder(ofRoot: ada.workspace), fileSystem: LocalFileSystem())
        let oldMembership = try #require(outbox.membership())

        // The old class goes down; an event waits, and its courier retries.
        old.kill()
        try outbox.add(ClassEvent(kind: .hint, time: Date(), exerciseID: "no-di.1"))
        let courier = SpawnedProcess()
        courier.executableURL = Self.client
        courier.arguments = ["deliver", "--workspace", ada.workspace.path]
        try courier.run()
        // SIGKILL: a process started from a test's thread inherits its blocked SIGTERM.
        defer { if courier.isRunning { kill(courier.processIdentifier, SIGKILL) } }
        let deadline = Date().addingTimeInterval(60)
        while outbox.lastDelivery()?.succeeded != false, Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
        #expect(outbox.lastDelivery()?.message.contains("no answer from \(old.url)") == true, "\(String(describing: outbox.lastDelivery()))")
        #expect(courier.isRunning, "the courier retries the old class")

        // The learner joins another class: the retrying courier is replaced.
        try new.start(lessons: Didojo.lessonsFolder)
        let rejoined = try await ada.run(["class", "join", new.url, ClassServerProcess.joinCode, "--name", "Ada"])
        #expect(rejoined.standardOutput.contains("Joined"), "\(rejoined.standardOutput)\(rejoined.standardError)")
        let stopped = Date().addingTimeInterval(30)
        while courier.isRunning, Date() < stopped { try await Task.sleep(for: .milliseconds(50)) }
        #expect(!courier.isRunning, "the old class's courier was stopped")
        #expect(outbox.membership()?.serverURL.absoluteString == new.url)
        #expect(outbox.pending().isEmpty, "what waited for the old class does not go to the new one")

        // What the learner does now goes to the new class, and never to the old one.
        let checked = try await ada.run(["check", "no-di.1"])
        #expect(checked.termination != .exited(2), "\(checked.standardError)")
        // The test harness ends whatever `didojo check` left behind, the courier it started
        // included; the next courier (as the learner's next command would start) delivers.
        let next = SpawnedProcess()
        next.executableURL = Self.client
        next.arguments = ["deliver", "--workspace", ada.workspace.path]
        try next.run()
        next.waitUntilExit()
        let room = try await new.waitForRoom(seconds: 120) { $0.learners.first?.cells["no-di.1"]?.attempts == 1 }
        #expect(room.learners.first?.cells["no-di.1"]?.attempts == 1, "the check reached the new class: \(String(describing: outbox.lastDelivery()))")
        try old.start(lessons: Didojo.lessonsFolder)
        try await Task.sleep(for: .seconds(3))
        let oldRoom = try await old.room()
        let oldAda = try #require(oldRoom.learners.first { $0.id == oldMembership.learnerID })
        #expect(oldAda.cells.isEmpty && oldAda.hintsUsed == 0, "nothing reached the old class: \(oldAda)")
    }
}
