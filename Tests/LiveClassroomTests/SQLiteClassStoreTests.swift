import ClassProtocol
import ClassServer
import DojoTestSupport
import Foundation
import Testing

/// The class file on its own: what a restarted server finds again.
@Suite struct SQLiteClassStoreTests {
    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder("class-store") }
    var file: URL { folder.url.appendingPathComponent("class.sqlite") }

    @Test func aReopenedStoreHasEveryLearnerEventAndSettingOnce() async throws {
        let joined = Date(timeIntervalSince1970: 1_764_000_000)
        let event = ClassEvent(kind: .check, time: joined, exerciseID: "no-di.1", passed: false, failingChecks: ["a"])
        do {
            let store = try SQLiteClassStore(file: file)
            try await store.addLearner(StoredLearner(id: "L-1", name: "Ada", token: "t1", joinedAt: joined))
            #expect(try await store.add([event, event], from: "L-1", receivedAt: joined) == [event], "the same id twice in one batch is one event")
            #expect(try await store.add([event], from: "L-1", receivedAt: joined).isEmpty)
            try await store.setSetting(.joinCode, to: "ABCD-EFGH")
            try await store.setSetting(.joinCode, to: "WXYZ-2345")
        }
        let reopened = try await SQLiteClassStore(file: file).load()
        #expect(reopened.learners == [StoredLearner(id: "L-1", name: "Ada", token: "t1", joinedAt: joined)])
        #expect(reopened.events.map(\.event) == [event])
        #expect(reopened.settings[.joinCode] == "WXYZ-2345")
    }

    @Test func theSameEventIDFromTwoLearnersIsTwoEvents() async throws {
        let store = try SQLiteClassStore(file: file)
        let now = Date()
        try await store.addLearner(StoredLearner(id: "L-1", name: "Ada", token: "t1", joinedAt: now))
        try await store.addLearner(StoredLearner(id: "L-2", name: "Bob", token: "t2", joinedAt: now))
        let event = ClassEvent(id: "same-id-for-both", kind: .hint, time: now, exerciseID: "no-di.1")
        #expect(try await store.add([event], from: "L-1", receivedAt: now).count == 1)
        #expect(try await store.add([event], from: "L-2", receivedAt: now).count == 1, "one learner cannot block another's ids")
    }

    @Test func theFileIsInWALMode() async throws {
        let store = try SQLiteClassStore(file: file)
        // While the store is open: SQLite removes the log when the last connection closes.
        withExtendedLifetime(store) {
            #expect(FileManager.default.fileExists(atPath: file.path + "-wal"), "a DatabasePool keeps a write-ahead log beside the file")
        }
    }

    @Test func aRestartedServiceKeepsItsCodeTokenRoomAndUnlockedLessons() async throws {
        let lessons = ClassLessons(lessons: [.init(id: "no-di", title: "No DI", exercises: [.init(id: "no-di.1", title: "One")])])
        let first = try await ClassService.open(store: try SQLiteClassStore(file: file), lessons: lessons, className: "Tuesday")
        let answer = try await first.join(code: first.joinCode.lowercased(), name: "Ada")
        _ = try await first.receive(EventBatch(events: [ClassEvent(kind: .check, time: Date(), exerciseID: "no-di.1", passed: true)]), from: answer.learnerID)
        _ = try await first.unlock("no-di")
        let second = try await ClassService.open(store: try SQLiteClassStore(file: file), lessons: lessons, className: "Tuesday")
        #expect(await second.joinCode == first.joinCode)
        #expect(second.teacherToken == first.teacherToken)
        #expect(await second.learner(token: answer.token) == answer.learnerID)
        #expect(await second.room().learners.first?.cells["no-di.1"]?.state == "passed")
        #expect(await second.unlockedLessons == ["no-di"])
    }
}
