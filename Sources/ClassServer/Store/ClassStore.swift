import ClassProtocol
import Foundation

/// Where a class is kept between runs of the server: its learners, every event they sent, and
/// a few settings (the join code, the teacher's token, the lessons unlocked, the hands done).
/// The server keeps the room in memory and writes through this; at start it reads it all back.
///
/// One protocol, two kinds of storage: one SQLite file (`SQLiteClassStore`, the default), or
/// PostgreSQL for several server instances (`PostgresClassStore`). Both pass one shared suite.
public protocol ClassStore: Sendable {
    /// Everything kept, in the order it was received.
    func load() async throws -> StoredClass
    func addLearner(_ learner: StoredLearner) async throws
    /// Forgets learners who never sent an event.
    func removeLearners(_ ids: [String]) async throws
    /// Deletes a learner the teacher removed, with every event they sent and the learners merged
    /// into them: their tokens open nothing any more.
    func deleteLearner(_ id: String) async throws
    /// Makes `id` (and whoever was merged into it) part of `target`: their events count as the
    /// target's, and their tokens go on sending, as the target.
    func mergeLearner(_ id: String, into target: String) async throws
    /// Stores the events that this learner has not sent before (by id), all or none, and
    /// returns those that were new: a batch sent twice is stored once.
    func add(_ events: [ClassEvent], from learnerID: String, receivedAt: Date) async throws -> [ClassEvent]
    func setSetting(_ key: ClassSetting, to value: String) async throws
    /// Changes a setting from the value kept now (nil when none), in one transaction, and
    /// returns the value written: two server instances changing one setting at the same moment
    /// (each signing a browser out) both keep their change, neither writes over the other's.
    func updateSetting(_ key: ClassSetting, _ change: @escaping @Sendable (String?) -> String) async throws -> String
    /// Keeps `value` unless the setting has one already, and returns the one kept: two servers
    /// of one class starting at once agree on one join code and one teacher token.
    func setSettingIfAbsent(_ key: ClassSetting, to value: String) async throws -> String
    /// Makes what the store needs (tables) before anything is read or written.
    func prepare() async throws
    /// Calls `changed` with each change another server instance made to this class, in the
    /// order they were made, until the calling task is cancelled: the service takes in what
    /// changed, not the whole class again. Returns at once for a store only one server uses.
    func followChanges(_ changed: @escaping @Sendable (ClassChange) async -> Void) async throws
}

extension ClassStore {
    public func prepare() async throws {}
    public func followChanges(_ changed: @escaping @Sendable (ClassChange) async -> Void) async throws {}
}

/// What another server instance of the class changed, as the store heard of it.
public enum ClassChange: Sendable, Equatable {
    /// A learner joined.
    case joined(StoredLearner)
    /// Events a learner sent, as stored, in the order they were stored.
    case events([StoredEvent])
    /// A setting's new value.
    case setting(ClassSetting, String)
    /// Joins that never sent anything, forgotten.
    case forgotten([String])
    /// Too much to say in a change (a learner removed or merged, whose row is counted again from
    /// its events; whatever happened while this instance was not listening): the whole class.
    case everything
}

/// A learner as kept: who, and the SHA-256 of the token that proves it (`Secrets.hash`): the
/// token itself is never kept, so a copy of the class's database lets nobody act as a learner.
public struct StoredLearner: Sendable, Equatable {
    public var id: String
    public var name: String
    public var tokenHash: String
    public var joinedAt: Date
    /// The learner the teacher merged this one into, if any.
    public var mergedInto: String?

    public init(id: String, name: String, tokenHash: String, joinedAt: Date, mergedInto: String? = nil) {
        self.id = id
        self.name = name
        self.tokenHash = tokenHash
        self.joinedAt = joinedAt
        self.mergedInto = mergedInto
    }
}

/// One event as kept, with who sent it.
public struct StoredEvent: Sendable, Equatable {
    public var learnerID: String
    public var event: ClassEvent
    public var receivedAt: Date

    public init(learnerID: String, event: ClassEvent, receivedAt: Date) {
        self.learnerID = learnerID
        self.event = event
        self.receivedAt = receivedAt
    }
}

/// What `load()` reads back.
public struct StoredClass: Sendable {
    public var learners: [StoredLearner]
    public var events: [StoredEvent]
    public var settings: [ClassSetting: String]
}

/// The settings a class keeps.
public enum ClassSetting: String, Sendable, CaseIterable {
    case joinCode
    /// The teacher's token, as it is: `serve` prints it again at each start.
    case teacherToken
    /// JSON array of lesson ids.
    case unlockedLessons
    /// JSON array of hand ids.
    case handsDone
    /// JSON object: learner id → exercise id → passed, from the last grades brought in.
    case grades
    /// JSON object: the nonce of each teacher's session signed out → when it would have
    /// expired (seconds since 1970); kept until then, so that a copy of a signed-out browser's
    /// cookie opens nothing, after a restart and on every server instance of the class too.
    case signedOutSessions
}
