import ClassProtocol
import ClassServer
import DojoCore
import DojoTestSupport
import Foundation
import PostgresNIO
import Synchronization
import Testing

/// One suite for both stores, each against the real thing: a SQLite file, and a PostgreSQL
/// server started for the test. What a restarted server (or a second one) finds again.
@Suite struct ClassStoreTests {
    enum Kind: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case sqlite, postgres
        var testDescription: String { rawValue }
    }

    /// Where one test's class lives; `open()` opens it again, as a restarted server would.
    final class Place: Sendable {
        let kind: Kind
        private let folder: TemporaryFolder
        private let postgres: PostgresServer?
        private let classKey = "class-\(UUID().uuidString)"
        /// PostgreSQL's clients, run as the server's service group would, until `stop()`.
        private let running = Mutex<[Task<Void, Never>]>([])

        init(_ kind: Kind) throws {
            self.kind = kind
            folder = try TemporaryFolder("class-store")
            postgres = kind == .postgres ? try PostgresServer() : nil
        }

        func open() async throws -> any ClassStore {
            switch kind {
            case .sqlite: return try SQLiteClassStore(file: folder.url.appendingPathComponent("class.sqlite"))
            case .postgres:
                let client = PostgresClient(configuration: try PostgresClassStore.configuration(url: postgres!.url))
                running.withLock { $0.append(Task { await client.run() }) }
                let store = PostgresClassStore(client: client, classKey: classKey)
                try await store.prepare()
                return store
            }
        }

        /// Runs a service (the class following the other instances) until `stop()`.
        func run(_ service: ClassService) {
            running.withLock { $0.append(Task { try? await service.run() }) }
        }

        var sqliteFile: URL { folder.url.appendingPathComponent("class.sqlite") }

        func stop() {
            running.withLock { $0.forEach { $0.cancel() } }
            postgres?.stop()
        }
    }

    static let lessons = ClassLessons(lessons: [.init(id: "no-di", title: "No DI", exercises: [.init(id: "no-di.1", title: "One")])])

    /// A store that counts how often the whole class is loaded: a server instance that follows
    /// another's changes must take in what changed, not load everything again.
    final class CountingStore: ClassStore {
        let store: any ClassStore
        private let count = Mutex(0)
        init(_ store: any ClassStore) { self.store = store }
        var loads: Int { count.withLock { $0 } }

        func load() async throws -> StoredClass {
            count.withLock { $0 += 1 }
            return try await store.load()
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
        func prepare() async throws { try await store.prepare() }
        func followChanges(_ changed: @escaping @Sendable (ClassChange) async -> Void) async throws { try await store.followChanges(changed) }
    }

    /// Waits (bounded: a loaded machine may take long, a broken one forever) until `condition`.

    static func until(_ condition: () async -> Bool) async throws {
        let deadline = Date().addingTimeInterval(120)
        while await !condition(), Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
    }

    @Test(arguments: Kind.allCases)
    func aReopenedStoreHasEveryLearnerEventAndSettingOnce(kind: Kind) async throws {
        let place = try Place(kind)
        defer { place.stop() }
        let joined = Date(timeIntervalSince1970: 1_764_000_000)
        let event = ClassEvent(kind: .check, time: joined, exerciseID: "no-di.1", passed: false, failingChecks: ["a"])
        do {
            let store = try await place.open()
            try await store.addLearner(StoredLearner(id: "L-1", name: "Ada", tokenHash: "h1", joinedAt: joined))
            #expect(try await store.add([event, event], from: "L-1", receivedAt: joined) == [event], "the same id twice in one batch is one event")
            #expect(try await store.add([event], from: "L-1", receivedAt: joined).isEmpty)
            try await store.setSetting(.joinCode, to: "ABCD-EFGH")
            try await store.setSetting(.joinCode, to: "WXYZ-2345")
        }
        let reopened = try await place.open().load()
        #expect(reopened.learners == [StoredLearner(id: "L-1", name: "Ada", tokenHash: "h1", joinedAt: joined)])
        #expect(reopened.events.map(\.event) == [event])
        #expect(reopened.settings[.joinCode] == "WXYZ-2345")
    }

    @Test(arguments: Kind.allCases)
    func theSameEventIDFromTwoLearnersIsTwoEvents(kind: Kind) async throws {
        let place = try Place(kind)
        defer { place.stop() }
        let store = try await place.open()
        let now = Date()
        try await store.addLearner(StoredLearner(id: "L-1", name: "Ada", tokenHash: "h1", joinedAt: now))
        try await store.addLearner(StoredLearner(id: "L-2", name: "Bob", tokenHash: "h2", joinedAt: now))
        let event = ClassEvent(id: "same-id-for-both", kind: .hint, time: now, exerciseID: "no-di.1")
        #expect(try await store.add([event], from: "L-1", receivedAt: now).count == 1)
        #expect(try await store.add([event], from: "L-2", receivedAt: now).count == 1, "one learner cannot block another's ids")
    }

    @Test(arguments: Kind.allCases)
    func aRestartedServiceKeepsItsCodeTokenRoomAndUnlockedLessons(kind: Kind) async throws {
        let place = try Place(kind)
        defer { place.stop() }
        let first = try await ClassService.open(store: try await place.open(), lessons: Self.lessons, className: "Tuesday", timeSource: SystemTimeSource(), clock: ContinuousClock())
        let answer = try await first.join(code: first.joinCode.lowercased(), name: "Ada")
        _ = try await first.receive(EventBatch(events: [ClassEvent(kind: .check, time: Date(), exerciseID: "no-di.1", passed: true)]), from: answer.learnerID)
        _ = try await first.unlock("no-di")
        let second = try await ClassService.open(store: try await place.open(), lessons: Self.lessons, className: "Tuesday", timeSource: SystemTimeSource(), clock: ContinuousClock())
        #expect(await second.joinCode == first.joinCode)
        #expect(second.teacherToken == first.teacherToken)
        #expect(await second.learner(token: answer.token) == answer.learnerID)
        #expect(await second.room().learners.first?.cells["no-di.1"]?.state == "passed")
        #expect(await second.unlockedLessons == ["no-di"])
    }

    /// The teacher's remove and merge, kept: a removed learner and their events are gone, with
    /// the learners merged into them; a merged one keeps their events and points to the row.
    @Test(arguments: Kind.allCases)
    func aRemovedLearnerIsGoneAndAMergedOneKeptAsPartOfAnother(kind: Kind) async throws {
        let place = try Place(kind)
        defer { place.stop() }
        let joined = Date(timeIntervalSince1970: 1_764_000_000)
        let event = ClassEvent(kind: .check, time: joined, exerciseID: "no-di.1", passed: true)
        do {
            let store = try await place.open()
            for (id, name) in [("L-1", "Ada"), ("L-2", "Ada"), ("L-3", "Eve"), ("L-4", "Eve")] {
                try await store.addLearner(StoredLearner(id: id, name: name, tokenHash: "h" + id, joinedAt: joined))
                _ = try await store.add([event], from: id, receivedAt: joined)
            }
            try await store.mergeLearner("L-2", into: "L-1")
            try await store.mergeLearner("L-4", into: "L-3")
            try await store.deleteLearner("L-3")
        }
        let kept = try await place.open().load()
        #expect(kept.learners.map(\.id) == ["L-1", "L-2"], "Eve and the row merged into her are gone")
        #expect(kept.learners.map(\.mergedInto) == [nil, "L-1"])
        #expect(kept.events.map(\.learnerID) == ["L-1", "L-2"], "the merged learner's events stay, under their own id")
    }

    @Test(arguments: Kind.allCases)
    func aSettingIfAbsentKeepsTheFirstValue(kind: Kind) async throws {
        let place = try Place(kind)
        defer { place.stop() }
        let store = try await place.open()
        #expect(try await store.setSettingIfAbsent(.joinCode, to: "FIRST-CODE") == "FIRST-CODE")
        #expect(try await store.setSettingIfAbsent(.joinCode, to: "OTHER-CODE") == "FIRST-CODE")
        #expect(try await place.open().load().settings[.joinCode] == "FIRST-CODE")
    }

    /// Two servers of one class started at the same moment print the same links.
    @Test func twoServersStartingAtOnceAgreeOnOneCodeAndOneToken() async throws {
        let place = try Place(.postgres)
        defer { place.stop() }
        let (eastStore, westStore) = (try await place.open(), try await place.open())
        async let east = ClassService.open(store: eastStore, lessons: Self.lessons, className: "Tuesday", timeSource: SystemTimeSource(), clock: ContinuousClock())
        async let west = ClassService.open(store: westStore, lessons: Self.lessons, className: "Tuesday", timeSource: SystemTimeSource(), clock: ContinuousClock())
        let (first, second) = try await (east, west)
        #expect(await first.joinCode == second.joinCode)
        #expect(first.teacherToken == second.teacherToken)
    }

    /// Two server instances signing a browser out each at the same moment: both browsers stay
    /// signed out (each instance changes the record the store keeps, not its own copy of it),
    /// on both instances and after a restart. The same for one instance signing out many at once.
    @Test(arguments: Kind.allCases)
    func twoInstancesSigningOutAtOnceKeepBothSignOuts(kind: Kind) async throws {
        let place = try Place(kind)
        defer { place.stop() }
        let (eastStore, westStore) = (try await place.open(), try await place.open())
        let time = SystemTimeSource()
        let east = try await ClassService.open(store: eastStore, lessons: Self.lessons, className: "Tuesday", teacherToken: "t", timeSource: time, clock: ContinuousClock())
        let west = try await ClassService.open(store: westStore, lessons: Self.lessons, className: "Tuesday", teacherToken: "t", timeSource: time, clock: ContinuousClock())
        let expires = Date().addingTimeInterval(3600)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for number in 0..<6 {
                group.addTask { try await (number.isMultiple(of: 2) ? east : west).signOut(session: "session-\(number)", expiring: expires) }
            }
            try await group.waitForAll()
        }
        let restarted = try await ClassService.open(store: try await place.open(), lessons: Self.lessons, className: "Tuesday", timeSource: time, clock: ContinuousClock())
        for number in 0..<6 {
            #expect(await restarted.isSignedOut(session: "session-\(number)"), "session-\(number) stays signed out")
        }
        // The instance that signed out last knows of every sign-out the store keeps.
        let known = await (0..<6).asyncCount { number in
            let (inEast, inWest) = (await east.isSignedOut(session: "session-\(number)"), await west.isSignedOut(session: "session-\(number)"))
            return inEast || inWest
        }
        #expect(known == 6)
    }

    /// A copy of the class's database lets nobody act as a learner: only a hash of each token is kept.
    @Test(arguments: Kind.allCases)
    func noLearnerTokenIsKept(kind: Kind) async throws {
        let place = try Place(kind)
        defer { place.stop() }
        let service = try await ClassService.open(store: try await place.open(), lessons: Self.lessons, className: "Tuesday", timeSource: SystemTimeSource(), clock: ContinuousClock())
        let answer = try await service.join(code: service.joinCode, name: "Ada")
        let kept = try await place.open().load()
        #expect(kept.learners.map(\.tokenHash) != [answer.token])
        #expect(kept.learners.first?.tokenHash.count == 64, "SHA-256 in hex")
        if kind == .sqlite {
            let bytes = [place.sqliteFile, URL(fileURLWithPath: place.sqliteFile.path + "-wal")].compactMap { try? Data(contentsOf: $0) }
            #expect(!bytes.contains { $0.range(of: Data(answer.token.utf8)) != nil }, "the token is nowhere in the file")
        }
        // And the token still works, on a server started again.
        let restarted = try await ClassService.open(store: try await place.open(), lessons: Self.lessons, className: "Tuesday", timeSource: SystemTimeSource(), clock: ContinuousClock())
        #expect(await restarted.learner(token: answer.token) == answer.learnerID)
        #expect(await restarted.learner(token: answer.token + "x") == nil)
    }

    @Test func theSQLiteFileIsInWALMode() async throws {
        let place = try Place(.sqlite)
        let store = try await place.open()
        // While the store is open: SQLite removes the log when the last connection closes.
        withExtendedLifetime(store) {
            #expect(FileManager.default.fileExists(atPath: place.sqliteFile.path + "-wal"), "a DatabasePool keeps a write-ahead log beside the file")
        }
    }

    /// Two servers of one class on one PostgreSQL database: what a learner sends to one shows
    /// on the other's dashboard (LISTEN/NOTIFY), and the teacher's unlock on one reaches the
    /// learners of the other.
    @Test func twoServersOfOneClassSeeEachOthersLearners() async throws {
        let place = try Place(.postgres)
        defer { place.stop() }
        let east = try await ClassService.open(store: try await place.open(), lessons: Self.lessons, className: "Tuesday", updateInterval: .milliseconds(10), timeSource: SystemTimeSource(), clock: ContinuousClock())
        let westStore = CountingStore(try await place.open())
        let west = try await ClassService.open(store: westStore, lessons: Self.lessons, className: "Tuesday", updateInterval: .milliseconds(10), timeSource: SystemTimeSource(), clock: ContinuousClock())
        place.run(east)
        place.run(west)
        // West loads the class when it opens, and once more when it starts listening (what
        // happened before); from then on it takes in each change.
        try await Self.until { westStore.loads >= 2 }
        #expect(westStore.loads == 2)
        let ada = try await east.join(code: east.joinCode, name: "Ada")
        _ = try await east.receive(EventBatch(events: [ClassEvent(kind: .check, time: Date(), exerciseID: "no-di.1", passed: false)]), from: ada.learnerID)

        // Bounded waits, not timings: a loaded machine may take long, a broken one forever.
        var seen = await west.room()
        let deadline = Date().addingTimeInterval(120)
        while seen.learners.first?.cells["no-di.1"]?.attempts != 1, Date() < deadline {
            try await Task.sleep(for: .milliseconds(50))
            seen = await west.room()
        }
        #expect(seen.learners.map(\.name) == ["Ada"])
        #expect(seen.learners.first?.cells["no-di.1"]?.attempts == 1)
        // Ada's token works on the other server too (her courier may reach either).
        #expect(await west.learner(token: ada.token) == ada.learnerID)

        _ = try await west.unlock("no-di")
        var unlocked = await east.unlockedLessons
        let unlockDeadline = Date().addingTimeInterval(120)
        while unlocked.isEmpty, Date() < unlockDeadline {
            try await Task.sleep(for: .milliseconds(50))
            unlocked = await east.unlockedLessons
        }
        #expect(unlocked == ["no-di"])
        #expect(await east.room().learners.first?.cells["no-di.1"]?.attempts == 1, "nothing taken twice")
        #expect(westStore.loads == 2, "west took in the join and the check, never the whole class again")

        // The teacher removes Ada on one server: the other forgets her and her token.
        try await east.removeLearner(ada.learnerID)
        let removeDeadline = Date().addingTimeInterval(120)
        while await west.learner(token: ada.token) != nil, Date() < removeDeadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(await west.learner(token: ada.token) == nil)
        #expect(await west.room().learners.isEmpty)
        #expect(westStore.loads == 3, "a removed learner is the one change that loads the class again")
    }

    /// What a notification carries, on a real PostgreSQL: each change another instance made, in
    /// order, read back as it was stored (a duplicate, stored by nobody, says nothing); the
    /// writer hears none of its own; a removed learner asks for the whole class.
    @Test func aNotificationSaysWhatChanged() async throws {
        let place = try Place(.postgres)
        defer { place.stop() }
        let (writer, listener) = (try await place.open(), try await place.open())
        let (heard, ownHeard) = (Heard(), Heard())
        let following = Task { try? await listener.followChanges { change in heard.append(change) } }
        let followingOwn = Task { try? await writer.followChanges { change in ownHeard.append(change) } }
        defer { following.cancel(); followingOwn.cancel() }
        try await Self.until { heard.changes.count == 1 && ownHeard.changes.count == 1 }

        let joined = Date(timeIntervalSince1970: 1_764_000_000)
        let ada = StoredLearner(id: "L-1", name: "Ada", tokenHash: "h1", joinedAt: joined)
        let bo = StoredLearner(id: "L-2", name: "Bo", tokenHash: "h2", joinedAt: joined.addingTimeInterval(1))
        let checks = (0..<3).map { ClassEvent(kind: .check, time: joined, exerciseID: "no-di.1", passed: $0 == 2, failingChecks: $0 == 2 ? [] : ["check \($0)"]) }
        try await writer.addLearner(ada)
        _ = try await writer.add(checks, from: "L-1", receivedAt: joined.addingTimeInterval(5))
        _ = try await writer.add([checks[0]], from: "L-1", receivedAt: joined.addingTimeInterval(6))
        try await writer.setSetting(.unlockedLessons, to: #"["no-di"]"#)
        try await writer.addLearner(bo)
        try await writer.removeLearners(["L-1", "L-2"])   // only Bo never sent anything
        try await writer.deleteLearner("L-1")

        let expected: [ClassChange] = [
            .everything,
            .joined(ada),
            .events(checks.map { StoredEvent(learnerID: "L-1", event: $0, receivedAt: joined.addingTimeInterval(5)) }),
            .setting(.unlockedLessons, #"["no-di"]"#),
            .joined(bo),
            .forgotten(["L-2"]),
            .everything,
        ]
        try await Self.until { heard.changes.count >= expected.count }
        #expect(heard.changes == expected)
        #expect(ownHeard.changes == [.everything], "an instance does not follow its own changes")
    }

    /// PostgreSQL's TLS as the URL's `sslmode` says, against a real server that speaks TLS with
    /// a self-signed certificate, which reports itself whether each connection is encrypted:
    /// `require` and `prefer` are, `disable` is not, `verify-full` gets no answer (nobody vouches
    /// for the certificate); a mode libpq does not know is refused with the URL's form.
    @Test func theURLsSSLModeDecidesWhetherTheConnectionIsEncrypted() async throws {
        let server = try PostgresServer(tls: true)
        defer { server.stop() }
        /// Whether the server sees the connection encrypted; nil when no answer came in `seconds`.
        func encrypted(_ mode: String, within seconds: Int = 120) async throws -> Bool? {
            let url = try #require(URL(string: server.url.absoluteString + "?sslmode=" + mode))
            let client = PostgresClient(configuration: try PostgresClassStore.configuration(url: url))
            let running = Task { await client.run() }
            defer { running.cancel() }
            return await withTaskGroup(of: Bool?.self) { group in
                group.addTask {
                    let rows = try? await client.query("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()")
                    guard let rows else { return nil }
                    do {
                        for try await ssl in rows.decode(Bool.self) { return ssl }
                    } catch {}
                    return nil
                }
                group.addTask {
                    try? await Task.sleep(for: .seconds(seconds))
                    return nil
                }
                let first = await group.next() ?? nil
                group.cancelAll()
                running.cancel()   // fails a query still waiting for a connection
                return first
            }
        }
        #expect(try await encrypted("require") == true)
        #expect(try await encrypted("prefer") == true)
        #expect(try await encrypted("disable") == false)
        #expect(try await encrypted("verify-full", within: 5) == nil, "a self-signed certificate is not verified")
        #expect(throws: PostgresClassStore.StoreURLError.self) {
            try PostgresClassStore.configuration(url: URL(string: server.url.absoluteString + "?sslmode=sometimes")!)
        }
    }

    /// The changes a store's `followChanges` reported, in order.
    final class Heard: Sendable {
        private let list = Mutex<[ClassChange]>([])
        var changes: [ClassChange] { list.withLock { $0 } }
        func append(_ change: ClassChange) { list.withLock { $0.append(change) } }
    }
}

extension Range where Bound == Int {
    func asyncCount(_ condition: (Int) async -> Bool) async -> Int {
        var count = 0
        for value in self where await condition(value) { count += 1 }
        return count
    }
}
