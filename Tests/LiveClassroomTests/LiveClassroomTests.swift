import ClassProtocol
import ClassServer
import DojoCatalog
import DojoCore
import DojoTestSupport
import DojoWorkspace
import Foundation
import Synchronization
import Testing

/// The whole room for real: the `didojo-class` server, learners' `didojo` shells joining it
/// through `didojo-class-client`, and the dashboard page in headless Chromium.
@Suite(.serialized) struct LiveClassroomTests {
    static let catalog = LessonCatalog.load(from: Didojo.lessonsFolder, fileSystem: LocalFileSystem())

    /// A learner's shell, kept open (as a learner's is) until `done` says the room shows what
    /// it did: the courier delivers in the background while the shell runs.
    static func learner(
        _ didojo: Didojo, typing lines: [String], until done: @escaping @Sendable () -> Bool, timeout: Duration = .seconds(240)
    ) async throws -> String {
        let result = try await didojo.run([], inputBytes: Data((lines.joined(separator: "\n") + "\n").utf8), keepInputOpen: true, timeout: timeout, isCancelled: done)
        return result.standardOutput + result.standardError
    }

    /// Writes the reference solution of `exerciseID` as the learner's file, as if typed.
    static func solve(_ exerciseID: String, in didojo: Didojo) throws {
        let exercise = try #require(catalog.exercise(id: exerciseID))
        let workspace = Workspace(root: didojo.workspace, fileSystem: LocalFileSystem(), timeSource: SystemTimeSource())
        let file = workspace.file(for: exercise)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: exercise.solution, to: file)
    }

    final class Flag: Sendable {
        private let value = Mutex(false)
        func set() { value.withLock { $0 = true } }
        var isSet: Bool { value.withLock { $0 } }
    }

    /// Watches the room from a task of its own and raises `flag` once `condition` holds.
    static func watch(_ server: ClassServerProcess, raising flag: Flag, when condition: @escaping @Sendable (RoomSnapshot) -> Bool) -> Task<RoomSnapshot?, Never> {
        Task {
            var last: RoomSnapshot?
            for _ in 0..<1200 {
                if let room = try? await server.room() {
                    last = room
                    if condition(room) { flag.set(); return room }
                }
                try? await Task.sleep(for: .milliseconds(200))
            }
            flag.set()
            return last
        }
    }

    @Test func twoLearnersJoinThroughTheRealShellAndTheDashboardInChromiumShowsThem() async throws {
        let home = try TemporaryFolder("live-class")
        let server = ClassServerProcess(folder: home.url)
        try server.start(lessons: Didojo.lessonsFolder)
        defer { server.kill() }

        let ada = try Didojo()
        let bob = try Didojo()
        try Self.solve("no-di.1", in: bob)
        let strangeName = "<img src=x onerror=alert(1)>"

        let adaDone = Flag()
        let adaWatch = Self.watch(server, raising: adaDone) { room in
            room.learners.contains { $0.name == "Ada" && $0.cells["no-di.1"]?.state == "failing" && $0.hintsUsed == 1 } && !room.hands.isEmpty
        }
        let adaSaw = try await Self.learner(
            ada, typing: ["class join \(server.url) \(ClassServerProcess.joinCode)", "Ada", "open no-di", "check no-di.1", "hint", "ask why does it post at the wrong time", "y"],
            until: { adaDone.isSet })
        let bobDone = Flag()
        let bobWatch = Self.watch(server, raising: bobDone) { room in
            room.learners.contains { $0.name == strangeName && $0.cells["no-di.1"]?.state == "passed" }
        }
        let bobSaw = try await Self.learner(
            bob, typing: ["class join \(server.url) \(ClassServerProcess.joinCode)", strangeName, "check no-di.1"], until: { bobDone.isSet })
        let room = try #require(await bobWatch.value)
        _ = await adaWatch.value

        #expect(adaSaw.contains("You joined \"Live test\" as Ada"), "\(adaSaw)")
        #expect(bobSaw.contains("passed"), "\(bobSaw)")
        let adaRow = try #require(room.learners.first { $0.name == "Ada" }, "\(adaSaw)")
        #expect(adaRow.cells["no-di.1"]?.attempts == 1)
        #expect(adaRow.hintsUsed == 1)
        #expect(room.learners.first { $0.name == strangeName }?.cells["no-di.1"]?.state == "passed", "\(bobSaw)")

        // The teacher's page, in a real browser: the room as it stands, then a change live.
        let dashboard = try await server.signInLink()
        let browser = try Browser(
            dashboard, waitFor: #"body:has(#connection[data-status="live"]) td[data-state="passed"]"#,
            thenWaitFor: "td[data-learner=\"\(adaRow.id)\"][data-exercise=\"no-di.2\"][data-state=\"failing\"]",
            screenshot: ProcessInfo.processInfo.environment["DIDOJO_DASHBOARD_SCREENSHOT"].map(URL.init(fileURLWithPath:)))
        let dom = browser.dom
        #expect(dom.contains("data-state=\"failing\""), "\(dom.prefix(3000))")
        #expect(dom.contains(">Ada<"))
        #expect(dom.contains("&lt;img src=x onerror=alert(1)&gt;"), "the name shows as text")
        #expect(!dom.contains("<img src=\"x\""), "and never becomes an element")
        #expect(dom.contains(ClassServerProcess.joinCode))
        #expect(dom.contains("why does it post at the wrong time"), "Ada's raised hand is in the queue")
        let hand = try #require(room.hands.first)
        #expect(hand.name == "Ada")
        #expect(hand.exerciseID == "no-di.1")
        // Ada checks no-di.2 (from her workspace's membership, as her courier would send it).
        let membership = try #require(ClassOutbox(stateFolder: Workspace.stateFolder(ofRoot: ada.workspace), fileSystem: LocalFileSystem()).membership())
        let sent = Date()
        try await ClassServerProcess.post(
            EventBatch(events: [ClassEvent(kind: .check, time: sent, exerciseID: "no-di.2", passed: false, failingChecks: ["a check"])]),
            to: server.url, token: membership.token)
        let seen = try #require(browser.waitForSecondSelector(), "the open page shows a new check without a reload")
        print("Dashboard update delay, event sent to cell shown in Chromium: \(Int(seen.timeIntervalSince(sent) * 1000)) ms")

        let projector = try Browser("\(server.url)/projector?token=\(try #require(try await server.room().projectorToken))", waitFor: "table.progress tr[data-exercise=\"no-di.1\"]")
        #expect(!projector.dom.contains(">Ada<") && !projector.dom.contains("onerror"), "the projector shows no names")
        #expect(projector.dom.contains("data-passed=\"1\""), "\(projector.dom.prefix(2000))")
    }

    @Test func whatALearnerDoesWhileTheServerIsDownArrivesOnceWhenItIsBack() async throws {
        let home = try TemporaryFolder("live-class-offline")
        let server = ClassServerProcess(folder: home.url)
        try server.start(lessons: Didojo.lessonsFolder)
        defer { server.kill() }
        let ada = try Didojo()
        let joined = try await ada.run([], input: "class join \(server.url) \(ClassServerProcess.joinCode)\nAda\n")
        #expect(joined.standardOutput.contains("You joined"), "\(joined.standardOutput)\(joined.standardError)")

        server.kill()
        // The server is gone; the learner works on, and the shell does not wait for it.
        let outbox = ClassOutbox(stateFolder: Workspace.stateFolder(ofRoot: ada.workspace), fileSystem: LocalFileSystem())
        let done = Flag()
        let learner = Task {
            try await Self.learner(ada, typing: ["open no-di", "hint no-di.1", "check no-di.1", "class status"], until: { done.isSet })
        }
        let deadline = Date().addingTimeInterval(180)
        func waiting() -> [ClassEvent.Kind] { outbox.pending().compactMap { outbox.event(at: $0)?.kind } }
        while !waiting().contains(.check) || outbox.lastDelivery()?.succeeded != false, Date() < deadline {
            try await Task.sleep(for: .milliseconds(200))
        }
        #expect(waiting() == [.opened, .opened, .hint, .check], "the lesson and the exercise opened, the hint and the check wait in the outbox")
        #expect(outbox.lastDelivery()?.message.contains("no answer from \(server.url)") == true, "\(String(describing: outbox.lastDelivery()))")

        try server.start(lessons: Didojo.lessonsFolder)
        let room = try await server.waitForRoom(seconds: 180) { $0.learners.first?.cells["no-di.1"]?.attempts == 1 }
        try await Task.sleep(for: .seconds(2))
        let settled = try await server.room()
        done.set()
        let output = try await learner.value
        #expect(room.learners.first?.cells["no-di.1"]?.attempts == 1, "delivered once the server was back: \(output)")
        #expect(settled.learners.first?.hintsUsed == 1, "nothing doubled, however often the courier tried")
        #expect(settled.learners.first?.cells["no-di.1"]?.attempts == 1)
        #expect(outbox.pending().isEmpty)
    }

    @Test func aLessonTheTeacherUnlocksForTheRoomOpensInTheLearnersShell() async throws {
        let home = try TemporaryFolder("live-class-unlock")
        let server = ClassServerProcess(folder: home.url)
        try server.start(lessons: Didojo.lessonsFolder)
        defer { server.kill() }
        let workshop = home.url.appendingPathComponent("workshop.yaml")
        try "title: Friday\nlessons:\n  - no-di\n  - id: constructor\n    locked: true\n".write(to: workshop, atomically: true, encoding: .utf8)
        let ada = try Didojo()

        let before = try await ada.run(["--workshop", workshop.path], input: "class join \(server.url) \(ClassServerProcess.joinCode)\nAda\nopen constructor\n")
        #expect(before.standardOutput.contains("🔒 constructor opens once you have passed every exercise of no-di"), "\(before.standardOutput)\(before.standardError)")
        #expect(before.standardOutput.contains("Your teacher can also unlock it for the room"))

        #expect(try await server.unlock("constructor") == 200)

        let after = try await ada.run(["--workshop", workshop.path], input: "class status\nopen constructor\n")
        #expect(after.standardOutput.contains("Unlocked by your teacher: constructor."), "\(after.standardOutput)\(after.standardError)")
        #expect(!after.standardOutput.contains("🔒"))
        #expect(after.standardOutput.contains("constructor · page 1 of"))
    }

    /// `open` on a locked lesson asks the class itself (no `class status`, no delivery first);
    /// with the server gone, the lock stays with a sentence, and the learner's hint still waits
    /// in the outbox.
    @Test func openingALockedLessonFetchesTheTeachersUnlock() async throws {
        let home = try TemporaryFolder("live-class-open-asks")
        let server = ClassServerProcess(folder: home.url)
        try server.start(lessons: Didojo.lessonsFolder)
        defer { server.kill() }
        let workshop = home.url.appendingPathComponent("workshop.yaml")
        try "title: Friday\nlessons:\n  - no-di\n  - id: constructor\n    locked: true\n".write(to: workshop, atomically: true, encoding: .utf8)
        let ada = try Didojo()
        let joined = try await ada.run(["--workshop", workshop.path], input: "class join \(server.url) \(ClassServerProcess.joinCode)\nAda\nopen constructor\n")
        #expect(joined.standardOutput.contains("🔒 constructor opens once"), "\(joined.standardOutput)\(joined.standardError)")
        let outbox = ClassOutbox(stateFolder: Workspace.stateFolder(ofRoot: ada.workspace), fileSystem: LocalFileSystem())

        #expect(try await server.unlock("constructor") == 200)
        #expect(outbox.membership()?.unlockedLessons == [], "the shell has not heard of it")
        let opened = try await ada.run(["--workshop", workshop.path], input: "open constructor\n")
        #expect(opened.standardOutput.contains("Asking your class whether constructor is unlocked"), "the lock was there when open asked: \(opened.standardOutput)")
        #expect(opened.standardOutput.contains("constructor · page 1 of"), "\(opened.standardOutput)\(opened.standardError)")
        #expect(!opened.standardOutput.contains("🔒"))

        // The teacher locks it again; the server then goes away.
        #expect(try await server.teacherPost("/api/lock", body: #"{"lesson":"constructor"}"#).contains("unlockedLessons"))
        _ = try await ada.run(["--workshop", workshop.path], input: "class status\n")
        #expect(outbox.membership()?.unlockedLessons == [])
        server.kill()
        let started = Date()
        let offline = try await ada.run(["--workshop", workshop.path], input: "hint no-di.1\nopen constructor\n")
        let waited = Date().timeIntervalSince(started)
        #expect(offline.standardOutput.contains("🔒 constructor opens once"), "\(offline.standardOutput)")
        #expect(offline.standardOutput.contains("Your class could not be asked: No answer from \(server.url)"), "\(offline.standardOutput)")
        let waiting = outbox.pending().compactMap { outbox.event(at: $0)?.kind }
        #expect(waiting.contains(.hint), "the hint waits to be delivered")
        print("open of a locked lesson with the class server gone: the whole shell run took \(Int(waited * 1000)) ms")
    }

    /// The same page in Firefox, the other browser a teacher may have.
    @Test func theDashboardWorksInFirefoxToo() async throws {
        let home = try TemporaryFolder("live-class-firefox")
        let server = ClassServerProcess(folder: home.url)
        try server.start(lessons: Didojo.lessonsFolder)
        defer { server.kill() }
        let answer = try await server.join(name: "<b>Bo</b>")
        try await ClassServerProcess.post(EventBatch(events: [ClassEvent(kind: .check, time: Date(), exerciseID: "no-di.1", passed: true)]), to: server.url, token: answer.token)
        let browser = try Browser(
            try await server.signInLink(),
            waitFor: #"body:has(#connection[data-status="live"]) td[data-state="passed"][data-exercise="no-di.1"]"#, firefox: true)
        #expect(browser.dom.contains("&lt;b&gt;Bo&lt;/b&gt;"), "the name as text: \(browser.dom.prefix(2000))")
        #expect(!browser.dom.contains("<b>Bo</b>"))
    }

    /// The same from a script: `didojo class join`, `status` and `leave`.
    @Test func theClassSubcommandsJoinReportAndLeave() async throws {
        let home = try TemporaryFolder("live-class-subcommands")
        let server = ClassServerProcess(folder: home.url)
        try server.start(lessons: Didojo.lessonsFolder)
        defer { server.kill() }
        let ada = try Didojo()
        let wrong = try await ada.run(["class", "join", server.url, "WXYZ-2345", "--name", "Ada"])
        #expect(wrong.termination != .exited(0))
        #expect(wrong.standardError.contains("That join code is not this class's"), "\(wrong.standardOutput)\(wrong.standardError)")
        let joined = try await ada.run(["class", "join", server.url, ClassServerProcess.joinCode, "--name", "Ada"])
        #expect(joined.standardOutput.contains("Joined \"Live test\" as Ada."), "\(joined.standardOutput)\(joined.standardError)")
        let status = try await ada.run(["class", "status"])
        #expect(status.standardOutput.contains("In \"Live test\" at \(server.url), as Ada; 0 events waiting."), "\(status.standardOutput)")
        #expect(try await server.room().learners.map(\.name) == ["Ada"])
        let left = try await ada.run(["class", "leave"])
        #expect(left.standardOutput.contains("Left \"Live test\"."))
        #expect(try await ada.run(["class", "status"]).standardOutput.contains("Not in a live class."))
    }
}
