import ClassProtocol
import ClassServer
import DojoCore
import DojoTestSupport
import Foundation
import Testing

/// A room of 300 learners is too big to build and send whole ten times a second: the class
/// keeps each row it built until its learner changes, and a dashboard's stream sends the whole
/// room once, then only the rows that changed. Neither may show anything but the room.
@Suite struct RoomUpdatesTests {
    static let lessons = ClassServerRoutesTests.lessons

    static func open(_ file: URL, time: SettableTimeSource) async throws -> ClassService {
        try await ClassService.open(
            store: try SQLiteClassStore(file: file), lessons: lessons, className: "Tuesday", joinCode: "ABCD-EFGH",
            teacherToken: "teacher", updateInterval: .milliseconds(1), timeSource: time, clock: ContinuousClock())
    }

    static func check(_ exercise: String, passed: Bool, failing: [String] = ["a check"]) -> EventBatch {
        EventBatch(events: [ClassEvent(kind: .check, time: Date(), exerciseID: exercise, passed: passed, failingChecks: passed ? [] : failing)])
    }

    /// The room the class keeps up to date, row by row, is the room read again from its store by
    /// a class opened afresh (which builds every row), after each kind of change.
    @Test func aRoomBuiltFromKeptRowsIsTheRoomBuiltFromNothing() async throws {
        let folder = try TemporaryFolder("room-rows")
        let file = folder.url.appendingPathComponent("class.sqlite")
        let time = SettableTimeSource(date: Date(timeIntervalSince1970: 1_764_000_000))
        let service = try await Self.open(file, time: time)
        var ids: [String] = []
        for name in ["Ada", "Grace", "Ada", "Linus"] {
            ids.append(try await service.join(code: "ABCD-EFGH", name: name).learnerID)
            time.advance(by: 7)
        }
        func expectSameAsFresh(_ moment: String) async throws {
            let kept = await service.room()
            let fresh = try await Self.open(file, time: time).room()
            #expect(kept == fresh, "after \(moment)")
        }
        _ = await service.room()   // every row built and kept
        _ = try await service.receive(Self.check("no-di.1", passed: false, failing: ["wires a fake"]), from: ids[0])
        _ = try await service.receive(Self.check("no-di.1", passed: false, failing: ["wires a fake"]), from: ids[1])
        time.advance(by: 45)
        try await expectSameAsFresh("failing checks, and time passing for the stuck")
        _ = try await service.receive(Self.check("no-di.1", passed: true), from: ids[0])
        _ = try await service.receive(Self.check("no-di.2", passed: false), from: ids[2])
        time.advance(by: 3)
        try await expectSameAsFresh("a pass that leaves the common failures")
        #expect(await service.room().commonFailures.map(\.learners) == [1, 1], "one learner on each failing check now")
        let upload = #"{"learners": [{"learner": "Ada", "classLearnerID": "\#(ids[0])", "results": [{"exercise": "no-di.1", "passed": false}]}]}"#
        _ = try await service.receiveGrades(try JSONDecoder().decode(GradesUpload.self, from: Data(upload.utf8)))
        let takenBack = await service.room().learners.first { $0.id == ids[0] }?.cells["no-di.1"]?.grade
        #expect(takenBack == "takenBack", "grades change the row they are about")
        try await expectSameAsFresh("grades")
        try await service.removeLearner(ids[0])
        try await expectSameAsFresh("a learner removed (the second Ada is no longer #2)")
        #expect(await service.room().learners.map(\.sameNameNumber) == [nil, nil, nil])
        try await service.mergeLearner(ids[3], into: ids[1])
        try await expectSameAsFresh("a merge")
    }

    /// The stream's updates: the whole room first, then the rows that changed, and the order
    /// only when a row came or went; put together as the dashboard does, they are the room.
    @Test func theStreamSendsOnlyTheRowsThatChanged() async throws {
        let folder = try TemporaryFolder("room-changes")
        let time = SettableTimeSource(date: Date(timeIntervalSince1970: 1_764_000_000))
        let service = try await Self.open(folder.url.appendingPathComponent("class.sqlite"), time: time)
        var ids: [String] = []
        for number in 1...5 { ids.append(try await service.join(code: "ABCD-EFGH", name: "Learner \(number)").learnerID) }
        var updates = await service.watch().makeAsyncIterator()
        var sent: [String: Int] = [:]
        var order: [String] = []
        let first = try #require(await updates.next())
        var shown = first.room
        _ = RoomChanges(from: first.room, versions: first.versions, sent: &sent, sentOrder: &order)
        #expect(order == ids)

        func nextChanges() async throws -> RoomChanges {
            let update = try #require(await updates.next())
            let changes = RoomChanges(from: update.room, versions: update.versions, sent: &sent, sentOrder: &order)
            // Put together as dashboard.js does.
            var rows = Dictionary(uniqueKeysWithValues: shown.learners.map { ($0.id, $0) })
            for row in changes.learners { rows[row.id] = row }
            shown.learners = (changes.order ?? shown.learners.map(\.id)).compactMap { rows[$0] }
            for index in shown.learners.indices {
                shown.learners[index].stuckSeconds = shown.learners[index].stuckSince.map { max(0, Int(changes.serverTime.timeIntervalSince($0))) } ?? 0
            }
            shown.stuck = changes.stuck
            shown.totals = changes.totals
            #expect(shown.learners == update.room.learners, "the rows put together are the room's")
            return changes
        }

        _ = try await service.receive(Self.check("no-di.1", passed: false), from: ids[2])
        var changes = try await nextChanges()
        #expect(changes.learners.map(\.id) == [ids[2]], "only the learner who checked")
        #expect(changes.order == nil, "nobody came or went")
        #expect(changes.stuck.map(\.learnerID) == [ids[2]])

        time.advance(by: 30)
        _ = try await service.receive(Self.check("setter.1", passed: true), from: ids[4])
        changes = try await nextChanges()
        #expect(changes.learners.map(\.id) == [ids[4]], "the stuck learner's row is not sent again to count its time")
        #expect(changes.stuck.first?.seconds == 30)
        #expect(shown.learners[2].stuckSince == time.now().addingTimeInterval(-30), "from which the dashboard counts")

        let late = try await service.join(code: "ABCD-EFGH", name: "Latecomer").learnerID
        changes = try await nextChanges()
        #expect(changes.learners.map(\.id) == [late])
        #expect(changes.order == ids + [late], "a row added: the order comes along")
    }
}
