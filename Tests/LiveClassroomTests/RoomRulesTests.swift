import ClassProtocol
import ClassServer
import DojoCore
import DojoTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing

/// What a hostile learner (or a careless one) cannot do to the room: lie about the time, take
/// another's name unseen, flood the hands or the class, leave joins lying about for ever.
@Suite struct RoomRulesTests {
    static let lessons = ClassServerRoutesTests.lessons

    /// The server's time, moved by the test.
    static func serverTime() -> SettableTimeSource { SettableTimeSource(date: Date(timeIntervalSince1970: 1_764_000_000)) }

    static func open(_ folder: TemporaryFolder, clock: SettableTimeSource) async throws -> ClassService {
        try await ClassService.open(
            store: try SQLiteClassStore(file: folder.url.appendingPathComponent("class.sqlite")), lessons: lessons, className: "Tuesday",
            joinCode: "ABCD-EFGH", teacherToken: "teacher", timeSource: clock, clock: ContinuousClock())
    }

    /// The "498804 h": an event dated 1970 by the learner's clock.
    @Test func aLearnersClockIn1970MovesNobodyUpTheStuckList() async throws {
        let folder = try TemporaryFolder("room-clock")
        let clock = Self.serverTime()
        let service = try await Self.open(folder, clock: clock)
        let ada = try await service.join(code: "ABCD-EFGH", name: "Ada")
        #expect(ada.serverTime == clock.now(), "the join answer carries the server's time")
        clock.advance(by: 30)
        _ = try await service.receive(EventBatch(events: [
            ClassEvent(kind: .check, time: Date(timeIntervalSince1970: 1.0), exerciseID: "no-di.1", passed: false),
        ]), from: ada.learnerID)
        clock.advance(by: 120)
        let room = await service.room()
        #expect(room.stuck.first?.seconds == 120, "stuck since the server received the check: \(room.stuck)")
        #expect(room.learners.first?.lastSeen == clock.now().addingTimeInterval(-120))
        #expect(room.learners.first?.cells["no-di.1"]?.since == clock.now().addingTimeInterval(-120))
        // And a learner's clock in the future changes nothing either.
        _ = try await service.receive(EventBatch(events: [
            ClassEvent(kind: .check, time: Date(timeIntervalSince1970: 4_000_000_000), exerciseID: "no-di.2", passed: false),
        ]), from: ada.learnerID)
        #expect(await service.room().learners.first?.lastSeen == clock.now())
    }

    @Test func aSecondLearnerOfTheSameNameIsMarkedWithWhenTheyJoined() async throws {
        let folder = try TemporaryFolder("room-names")
        let clock = Self.serverTime()
        let service = try await Self.open(folder, clock: clock)
        _ = try await service.join(code: "ABCD-EFGH", name: "Ada Lovelace")
        clock.advance(by: 60)
        let impostor = try await service.join(code: "ABCD-EFGH", name: "   ada   LOVELACE ")
        _ = try await service.join(code: "ABCD-EFGH", name: "Grace")
        let rows = await service.room().learners
        #expect(rows.map(\.name) == ["Ada Lovelace", "ada LOVELACE", "Grace"], "trimmed, inner spaces made one")
        #expect(rows.map(\.sameNameNumber) == [nil, 2, nil])
        #expect(rows[1].id == impostor.learnerID)
        #expect(rows[1].joinedAt == clock.now() && rows[0].joinedAt == clock.now().addingTimeInterval(-60))
    }

    @Test func handsAndAsksArePerLearnerCapped() async throws {
        let folder = try TemporaryFolder("room-hands")
        let service = try await Self.open(folder, clock: Self.serverTime())
        let ada = try await service.join(code: "ABCD-EFGH", name: "Ada")
        let bob = try await service.join(code: "ABCD-EFGH", name: "Bob")
        func ask(_ bytes: Int = 10) -> ClassEvent {
            ClassEvent(kind: .ask, time: Date(), exerciseID: "no-di.1", askText: "help", askFile: String(repeating: "x", count: bytes), askFileName: "A.swift")
        }
        for _ in 0..<ClassLimits.openHandsPerLearner {
            _ = try await service.receive(EventBatch(events: [ask()]), from: ada.learnerID)
        }
        await #expect(throws: ClassService.Refusal.self) { _ = try await service.receive(EventBatch(events: [ask()]), from: ada.learnerID) }
        #expect(await service.room().hands.count == ClassLimits.openHandsPerLearner)
        // One answered: one more may go up.
        let first = try #require(await service.room().hands.first)
        try await service.markHandDone(first.id)
        _ = try await service.receive(EventBatch(events: [ask()]), from: ada.learnerID)
        // Bob is not held back by Ada; but his asks' volume is capped.
        let big = ClassLimits.askFileBytes - 1024
        var sent = 0
        var refused = false
        for _ in 0..<20 {
            do {
                _ = try await service.receive(EventBatch(events: [ask(big)]), from: bob.learnerID)
                sent += big
                let hand = try #require(await service.room().hands.last { $0.learnerID == bob.learnerID })
                try await service.markHandDone(hand.id)
            } catch let refusal as ClassService.Refusal {
                guard case .invalid(let message) = refusal else { throw refusal }
                #expect(message.contains("MiB of files already"))
                refused = true
                break
            }
        }
        #expect(refused, "Bob's asks stop at \(ClassLimits.askBytesPerLearner) bytes")
        #expect(sent <= ClassLimits.askBytesPerLearner)
    }

    @Test func joinsThatNeverSentAnythingAreForgotten() async throws {
        let folder = try TemporaryFolder("room-expiry")
        let clock = Self.serverTime()
        let service = try await Self.open(folder, clock: clock)
        let silent = try await service.join(code: "ABCD-EFGH", name: "Silent")
        let busy = try await service.join(code: "ABCD-EFGH", name: "Busy")
        _ = try await service.receive(EventBatch(events: [ClassEvent(kind: .hint, time: Date(), exerciseID: "no-di.1")]), from: busy.learnerID)
        clock.advance(by: ClassLimits.silentJoinSeconds + 1)
        _ = try await service.join(code: "ABCD-EFGH", name: "Late")
        #expect(await service.room().learners.map(\.name) == ["Busy", "Late"])
        #expect(await service.learner(token: silent.token) == nil, "the silent join's token is gone")
        // And from the store: a restarted server does not bring it back.
        let restarted = try await Self.open(folder, clock: clock)
        #expect(await restarted.room().learners.map(\.name) == ["Busy", "Late"])
    }

    /// A flood of joins within the rate limit (an address at 20 a second), none of which ever
    /// sends anything: the room shows them for the quarter of an hour a late learner may need,
    /// then the running class forgets them by itself, without waiting for another join.
    @Test func aJoinFloodWithinTheRateLimitExpiresByItself() async throws {
        let folder = try TemporaryFolder("room-flood")
        let clock = Self.serverTime()
        let service = try await ClassService.open(
            store: try SQLiteClassStore(file: folder.url.appendingPathComponent("class.sqlite")), lessons: Self.lessons, className: "Tuesday",
            joinCode: "ABCD-EFGH", teacherToken: "teacher", sweepInterval: .milliseconds(20), timeSource: clock, clock: ContinuousClock())
        let app = Application(router: ClassRoutes(service: service, dashboard: DashboardFiles(page: "", script: "", style: "")).router())
        let running = Task { try? await service.run() }
        defer { running.cancel() }
        let busy = try await service.join(code: "ABCD-EFGH", name: "Busy")
        _ = try await service.receive(EventBatch(events: [ClassEvent(kind: .hint, time: Date(), exerciseID: "no-di.1")]), from: busy.learnerID)
        let flood = 80
        let tokens = try await app.test(.router) { client in
            var tokens: [String] = []
            for index in 0..<flood {
                let answer = try await ClassServerRoutesTests.join(client, name: "Bot \(index)")
                tokens.append(answer.token)
                try await Task.sleep(for: .milliseconds(55))   // under 20 a second: never a 429
            }
            return tokens
        }
        #expect(await service.room().learners.count == flood + 1, "joins are shown while a learner may still start")
        clock.advance(by: ClassLimits.silentJoinSeconds + 1)
        let deadline = Date().addingTimeInterval(60)
        while await service.room().learners.count > 1, Date() < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(await service.room().learners.map(\.name) == ["Busy"], "the flood is forgotten with no join after it")
        for token in tokens.prefix(5) { #expect(await service.learner(token: token) == nil) }
        let kept = try await SQLiteClassStore(file: folder.url.appendingPathComponent("class.sqlite")).load()
        #expect(kept.learners.map(\.name) == ["Busy"], "and from the store")
    }

    @Test func theClassFileAndItsLogAreTheTeachersAloneWhateverTheUmask() async throws {
        let folder = try TemporaryFolder("room-modes")
        let file = folder.url.appendingPathComponent("class.sqlite")
        // A file an older server left readable by everyone is made private too.
        FileManager.default.createFile(atPath: file.path, contents: nil, attributes: [.posixPermissions: 0o644])
        let previous = umask(0o022)
        defer { umask(previous) }
        let store = try SQLiteClassStore(file: file)
        try await store.addLearner(StoredLearner(id: "L-1", name: "Ada", tokenHash: "h", joinedAt: Date()))
        try await store.setSetting(.teacherToken, to: "secret")
        try withExtendedLifetime(store) {
            for suffix in ["", "-wal", "-shm"] {
                let attributes = try FileManager.default.attributesOfItem(atPath: file.path + suffix)
                #expect(attributes[.posixPermissions] as? Int == 0o600, "class.sqlite\(suffix) is 0600")
            }
        }
    }

    /// A store whose loads, once `hold()` is called, read the class and then wait for
    /// `release()`: what a busy database does to a room being rebuilt.
    final class HeldLoadStore: ClassStore {
        let store: any ClassStore
        private let state = Mutex<(holding: Bool, waiting: Int)>((false, 0))
        private let (releases, releaser) = AsyncStream.makeStream(of: Void.self)
        init(_ store: any ClassStore) { self.store = store }

        func hold() { state.withLock { $0.holding = true } }
        func release() { releaser.yield() }
        var loadsWaiting: Int { state.withLock { $0.waiting } }

        func load() async throws -> StoredClass {
            let kept = try await store.load()
            guard state.withLock({ state in
                if state.holding { state.waiting += 1 }
                return state.holding
            }) else { return kept }
            for await _ in releases { break }
            return kept
        }
        func addLearner(_ learner: StoredLearner) async throws { try await store.addLearner(learner) }
        func removeLearners(_ ids: [String]) async throws { try await store.removeLearners(ids) }
        func deleteLearner(_ id: String) async throws { try await store.deleteLearner(id) }
        func mergeLearner(_ id: String, into target: String) async throws { try await store.mergeLearner(id, into: target) }
        func add(_ events: [ClassEvent], from learnerID: String, receivedAt: Date) async throws -> [ClassEvent] {
            try await store.add(events, from: learnerID, receivedAt: receivedAt)
        }
        func setSetting(_ key: ClassSetting, to value: String) async throws { try await store.setSetting(key, to: value) }
        func updateSetting(_ key: ClassSetting, _ change: @escaping @Sendable (String?) -> String) async throws -> String {
            try await store.updateSetting(key, change)
        }
        func setSettingIfAbsent(_ key: ClassSetting, to value: String) async throws -> String { try await store.setSettingIfAbsent(key, to: value) }
    }

    /// The room is rebuilt from the store after a removal (or another server's), which takes a
    /// while on a busy database; a learner who joins and checks meanwhile must not be lost
    /// when the rebuilt room replaces the old one (the actor lets the join in while it awaits).
    @Test func aJoinWhileTheRoomIsRebuiltIsNotLost() async throws {
        let folder = try TemporaryFolder("room-rebuild")
        let store = HeldLoadStore(try SQLiteClassStore(file: folder.url.appendingPathComponent("class.sqlite")))
        let service = try await ClassService.open(
            store: store, lessons: Self.lessons, className: "Tuesday", joinCode: "ABCD-EFGH", teacherToken: "teacher",
            timeSource: SystemTimeSource(), clock: ContinuousClock())
        let bo = try await service.join(code: "ABCD-EFGH", name: "Bo")
        store.hold()
        let removing = Task { try await service.removeLearner(bo.learnerID) }
        let deadline = Date().addingTimeInterval(60)
        while store.loadsWaiting == 0, Date() < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(store.loadsWaiting == 1, "the rebuild read the class and waits")
        let joining = Task {
            let ada = try await service.join(code: "ABCD-EFGH", name: "Ada")
            _ = try await service.receive(EventBatch(events: [ClassEvent(kind: .check, time: Date(), exerciseID: "no-di.1", passed: true)]), from: ada.learnerID)
            return ada
        }
        try await Task.sleep(for: .milliseconds(200))   // time for the join to get in, were it let in
        store.release()
        try await removing.value
        let ada = try await joining.value
        let room = await service.room()
        #expect(room.learners.map(\.name) == ["Ada"], "Bo removed, Ada kept")
        #expect(room.learners.first?.cells["no-di.1"]?.state == "passed")
        #expect(await service.learner(token: ada.token) == ada.learnerID, "and her token works")
    }
}

