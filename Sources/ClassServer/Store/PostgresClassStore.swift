import ClassProtocol
import Foundation
import Logging
import PostgresNIO

/// The class in PostgreSQL, through postgres-nio: for a department that runs many workshops on
/// several server instances. Classes share the tables, each under its own key; the instances
/// serving one class hear of each other's writes through LISTEN/NOTIFY (`followChanges`): each
/// notification says what changed (a learner who joined, a learner's events by their sequence
/// numbers, a setting, joins forgotten), and the instances that hear it read just that back,
/// so every dashboard shows the whole room without loading the whole class again.
public final class PostgresClassStore: ClassStore {
    /// The one channel every instance listens on; the payload (`Notice`) names the class, the
    /// writer and what changed.
    static let channel = "didojo_class"
    /// PostgreSQL's limit on a payload is 8000 bytes: a notice that would not fit says
    /// "everything" instead.
    static let payloadLimit = 7900

    /// postgres-nio's client: a ServiceLifecycle service that the composition root runs (in the
    /// same service group as the server, before it), so that it shuts down after the server.
    public let client: PostgresClient
    private let classKey: String
    /// Tells this instance's own notifications from the others'.
    private let instance = UUID().uuidString
    private let logger: Logger

    /// The class `classKey` in the database the client connects to. Nothing is asked until
    /// `prepare()`, once the client runs.
    public init(client: PostgresClient, classKey: String) {
        var logger = Logger(label: "didojo-class.postgres")
        logger.logLevel = .error
        self.logger = logger
        self.client = client
        self.classKey = classKey
    }

    /// The client's settings for the database `url` names
    /// (`postgres://user[:password]@host[:port]/database[?sslmode=…]`). `sslmode` is libpq's:
    /// `disable` (the default here, as on a classroom's own network), `prefer`, `require`
    /// (encrypted, the certificate not checked), `verify-full` (encrypted and checked).
    public static func configuration(url: URL) throws -> PostgresClient.Configuration {
        guard let scheme = url.scheme, ["postgres", "postgresql"].contains(scheme), let host = url.host, let user = url.user else {
            throw StoreURLError(url: url)
        }
        let database = url.path.split(separator: "/").first.map(String.init)
        let sslmode = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "sslmode" }?.value ?? "disable"
        let tls: PostgresClient.Configuration.TLS
        switch sslmode {
        case "disable": tls = .disable
        case "prefer", "allow": tls = .prefer(Self.unverified)
        case "require": tls = .require(Self.unverified)
        case "verify-ca", "verify-full": tls = .require(.makeClientConfiguration())
        default: throw StoreURLError(url: url)
        }
        var configuration = PostgresClient.Configuration(
            host: host, port: url.port ?? 5432, username: user, password: url.password, database: database, tls: tls)
        configuration.options.maximumConnections = 8
        return configuration
    }

    /// libpq's `require`: encrypted, whoever's certificate it is.
    private static var unverified: TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification = .none
        return configuration
    }

    public func prepare() async throws {
        try await createTables()
    }

    /// The tables, made once for every class; two instances starting at once take turns.
    private func createTables() async throws {
        try await client.withTransaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(4246)", logger: logger)
            try await connection.query("""
                CREATE TABLE IF NOT EXISTS didojo_learner (
                    class TEXT NOT NULL, id TEXT NOT NULL, name TEXT NOT NULL, token_hash TEXT NOT NULL UNIQUE,
                    joined_at DOUBLE PRECISION NOT NULL, seq BIGSERIAL, PRIMARY KEY (class, id))
                """, logger: logger)
            try await connection.query("""
                CREATE TABLE IF NOT EXISTS didojo_event (
                    class TEXT NOT NULL, learner_id TEXT NOT NULL, id TEXT NOT NULL, received_at DOUBLE PRECISION NOT NULL,
                    body TEXT NOT NULL, seq BIGSERIAL, PRIMARY KEY (class, learner_id, id))
                """, logger: logger)
            try await connection.query("ALTER TABLE didojo_learner ADD COLUMN IF NOT EXISTS merged_into TEXT", logger: logger)
            try await connection.query("""
                CREATE TABLE IF NOT EXISTS didojo_setting (
                    class TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (class, key))
                """, logger: logger)
        }
    }

    public func load() async throws -> StoredClass {
        let key = classKey
        var learners: [StoredLearner] = []
        for try await (id, name, tokenHash, joined, mergedInto) in try await client.query(
            "SELECT id, name, token_hash, joined_at, merged_into FROM didojo_learner WHERE class = \(key) ORDER BY seq", logger: logger
        ).decode((String, String, String, Double, String?).self) {
            learners.append(StoredLearner(id: id, name: name, tokenHash: tokenHash, joinedAt: Date(timeIntervalSince1970: joined), mergedInto: mergedInto))
        }
        var events: [StoredEvent] = []
        let decoder = ClassJSON.decoder()
        for try await (learnerID, received, body) in try await client.query(
            "SELECT learner_id, received_at, body FROM didojo_event WHERE class = \(key) ORDER BY seq", logger: logger
        ).decode((String, Double, String).self) {
            events.append(StoredEvent(
                learnerID: learnerID, event: try decoder.decode(ClassEvent.self, from: Data(body.utf8)),
                receivedAt: Date(timeIntervalSince1970: received)))
        }
        var settings: [ClassSetting: String] = [:]
        for try await (name, value) in try await client.query(
            "SELECT key, value FROM didojo_setting WHERE class = \(key)", logger: logger
        ).decode((String, String).self) {
            if let setting = ClassSetting(rawValue: name) { settings[setting] = value }
        }
        return StoredClass(learners: learners, events: events, settings: settings)
    }

    public func addLearner(_ learner: StoredLearner) async throws {
        let (key, payload) = (classKey, notice(.joined, learner: learner.id))
        try await client.withTransaction(logger: logger) { connection in
            try await connection.query(
                "INSERT INTO didojo_learner (class, id, name, token_hash, joined_at) VALUES (\(key), \(learner.id), \(learner.name), \(learner.tokenHash), \(learner.joinedAt.timeIntervalSince1970))",
                logger: logger)
            try await connection.query("SELECT pg_notify(\(Self.channel), \(payload))", logger: logger)
        }
    }

    public func removeLearners(_ ids: [String]) async throws {
        let key = classKey
        try await client.withTransaction(logger: logger) { connection in
            var forgotten: [String] = []
            for id in ids {
                let rows = try await connection.query(
                    "DELETE FROM didojo_learner WHERE class = \(key) AND id = \(id) AND NOT EXISTS (SELECT 1 FROM didojo_event WHERE class = \(key) AND learner_id = \(id)) RETURNING id",
                    logger: logger)
                for try await _ in rows { forgotten.append(id) }
            }
            guard !forgotten.isEmpty else { return }
            try await connection.query("SELECT pg_notify(\(Self.channel), \(self.notice(.forgotten, learners: forgotten)))", logger: logger)
        }
    }

    public func deleteLearner(_ id: String) async throws {
        let (key, payload) = (classKey, notice(.everything))
        try await client.withTransaction(logger: logger) { connection in
            try await connection.query(
                "DELETE FROM didojo_event WHERE class = \(key) AND learner_id IN (SELECT id FROM didojo_learner WHERE class = \(key) AND (id = \(id) OR merged_into = \(id)))",
                logger: logger)
            try await connection.query("DELETE FROM didojo_learner WHERE class = \(key) AND (id = \(id) OR merged_into = \(id))", logger: logger)
            try await connection.query("SELECT pg_notify(\(Self.channel), \(payload))", logger: logger)
        }
    }

    public func mergeLearner(_ id: String, into target: String) async throws {
        let (key, payload) = (classKey, notice(.everything))
        try await client.withTransaction(logger: logger) { connection in
            try await connection.query(
                "UPDATE didojo_learner SET merged_into = \(target) WHERE class = \(key) AND (id = \(id) OR merged_into = \(id))", logger: logger)
            try await connection.query("SELECT pg_notify(\(Self.channel), \(payload))", logger: logger)
        }
    }

    public func add(_ events: [ClassEvent], from learnerID: String, receivedAt: Date) async throws -> [ClassEvent] {
        guard !events.isEmpty else { return [] }
        let encoder = ClassJSON.encoder()
        let bodies = try events.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
        let (key, received) = (classKey, receivedAt.timeIntervalSince1970)
        return try await client.withTransaction(logger: logger) { connection in
            var added: [ClassEvent] = []
            var sequence: [Int64] = []
            for (event, body) in zip(events, bodies) {
                let rows = try await connection.query(
                    "INSERT INTO didojo_event (class, learner_id, id, received_at, body) VALUES (\(key), \(learnerID), \(event.id), \(received), \(body)) ON CONFLICT DO NOTHING RETURNING seq",
                    logger: logger)
                for try await seq in rows.decode(Int64.self) {
                    added.append(event)
                    sequence.append(seq)
                }
            }
            if let first = sequence.min(), let last = sequence.max() {
                let payload = self.notice(.events, learner: learnerID, sequence: [first, last])
                try await connection.query("SELECT pg_notify(\(Self.channel), \(payload))", logger: logger)
            }
            return added
        }
    }

    public func setSetting(_ setting: ClassSetting, to value: String) async throws {
        let (key, payload, name) = (classKey, notice(.setting, setting: setting), setting.rawValue)
        try await client.withTransaction(logger: logger) { connection in
            try await connection.query(
                "INSERT INTO didojo_setting (class, key, value) VALUES (\(key), \(name), \(value)) ON CONFLICT (class, key) DO UPDATE SET value = EXCLUDED.value",
                logger: logger)
            try await connection.query("SELECT pg_notify(\(Self.channel), \(payload))", logger: logger)
        }
    }

    public func updateSetting(_ setting: ClassSetting, _ change: @escaping @Sendable (String?) -> String) async throws -> String {
        let (key, payload, name) = (classKey, notice(.setting, setting: setting), setting.rawValue)
        return try await client.withTransaction(logger: logger) { connection in
            // A lock of the class's setting until the commit: the other instances' changes of it
            // wait, and then read this one's (a row's lock could not hold a setting not kept yet).
            try await connection.query("SELECT pg_advisory_xact_lock(hashtext(\(key + "/" + name)))", logger: logger)
            var kept: String?
            for try await value in try await connection.query(
                "SELECT value FROM didojo_setting WHERE class = \(key) AND key = \(name)", logger: logger
            ).decode(String.self) {
                kept = value
            }
            let value = change(kept)
            try await connection.query(
                "INSERT INTO didojo_setting (class, key, value) VALUES (\(key), \(name), \(value)) ON CONFLICT (class, key) DO UPDATE SET value = EXCLUDED.value",
                logger: logger)
            try await connection.query("SELECT pg_notify(\(Self.channel), \(payload))", logger: logger)
            return value
        }
    }

    public func setSettingIfAbsent(_ setting: ClassSetting, to value: String) async throws -> String {
        let (key, name) = (classKey, setting.rawValue)
        try await client.query(
            "INSERT INTO didojo_setting (class, key, value) VALUES (\(key), \(name), \(value)) ON CONFLICT (class, key) DO NOTHING",
            logger: logger)
        for try await kept in try await client.query(
            "SELECT value FROM didojo_setting WHERE class = \(key) AND key = \(name)", logger: logger
        ).decode(String.self) {
            return kept
        }
        return value
    }

    /// What a notification says: the class, the instance that wrote (it does not follow its own
    /// changes), and what changed, small enough for a payload: ids and sequence numbers, never
    /// the data itself, which the instances that hear it read back from the tables.
    struct Notice: Codable, Equatable {
        enum Kind: String, Codable { case joined, events, setting, forgotten, everything }
        var classKey: String
        var instance: String
        var kind: Kind
        /// The learner who joined, or whose events these are.
        var learner: String?
        /// The first and last sequence number of the events stored.
        var sequence: [Int64]?
        var setting: String?
        /// The joins forgotten.
        var learners: [String]?
    }

    /// The payload of a notification from this instance; "everything" when the notice would not
    /// fit in one (thousands of joins forgotten at once, a class key of kilobytes).
    func notice(
        _ kind: Notice.Kind, learner: String? = nil, sequence: [Int64]? = nil, setting: ClassSetting? = nil, learners: [String]? = nil
    ) -> String {
        let full = Notice(classKey: classKey, instance: instance, kind: kind, learner: learner, sequence: sequence, setting: setting?.rawValue, learners: learners)
        let text = Self.text(full)
        guard text.utf8.count > Self.payloadLimit, kind != .everything else { return text }
        return Self.text(Notice(classKey: classKey, instance: instance, kind: .everything))
    }

    private static func text(_ notice: Notice) -> String {
        String(decoding: (try? JSONEncoder().encode(notice)) ?? Data(), as: UTF8.self)
    }

    /// Calls `changed` with each change another instance made to this class, in order. Listens
    /// on a connection of its own, and listens again after the connection is lost (the database
    /// restarted, say), starting each time with `.everything`: whatever happened while this
    /// instance was not listening. Until the task is cancelled.
    public func followChanges(_ changed: @escaping @Sendable (ClassChange) async -> Void) async throws {
        while !Task.isCancelled {
            do {
                try await client.withConnection { connection in
                    try await connection.listen(on: Self.channel) { notifications in
                        await changed(.everything)
                        for try await notification in notifications {
                            guard let notice = try? JSONDecoder().decode(Notice.self, from: Data(notification.payload.utf8)),
                                  notice.classKey == self.classKey, notice.instance != self.instance
                            else { continue }
                            await changed(try await self.change(notice))
                        }
                    }
                }
            } catch {
                if Task.isCancelled { return }
                logger.warning("listening for other instances failed: \(error); trying again")
            }
            try? await Task.sleep(for: .seconds(1))
        }
    }

    /// What a notice says changed, read back from the tables (committed: a notification is
    /// delivered once its transaction is).
    func change(_ notice: Notice) async throws -> ClassChange {
        let key = classKey
        switch notice.kind {
        case .everything:
            return .everything
        case .forgotten:
            return .forgotten(notice.learners ?? [])
        case .joined:
            guard let id = notice.learner else { return .everything }
            for try await (name, tokenHash, joined, mergedInto) in try await client.query(
                "SELECT name, token_hash, joined_at, merged_into FROM didojo_learner WHERE class = \(key) AND id = \(id)", logger: logger
            ).decode((String, String, Double, String?).self) {
                return .joined(StoredLearner(id: id, name: name, tokenHash: tokenHash, joinedAt: Date(timeIntervalSince1970: joined), mergedInto: mergedInto))
            }
            return .forgotten([id])   // gone again already
        case .events:
            guard let learnerID = notice.learner, let first = notice.sequence?.first, let last = notice.sequence?.last else { return .everything }
            var events: [StoredEvent] = []
            let decoder = ClassJSON.decoder()
            // The learner's events in the range: another instance's events of this learner in
            // between come too, and are applied once (the room keeps every event id applied).
            for try await (received, body) in try await client.query(
                "SELECT received_at, body FROM didojo_event WHERE class = \(key) AND learner_id = \(learnerID) AND seq BETWEEN \(first) AND \(last) ORDER BY seq",
                logger: logger
            ).decode((Double, String).self) {
                events.append(StoredEvent(
                    learnerID: learnerID, event: try decoder.decode(ClassEvent.self, from: Data(body.utf8)),
                    receivedAt: Date(timeIntervalSince1970: received)))
            }
            return .events(events)
        case .setting:
            guard let name = notice.setting, let setting = ClassSetting(rawValue: name) else { return .everything }
            for try await value in try await client.query(
                "SELECT value FROM didojo_setting WHERE class = \(key) AND key = \(name)", logger: logger
            ).decode(String.self) {
                return .setting(setting, value)
            }
            return .everything
        }
    }

    public struct StoreURLError: Error, CustomStringConvertible {
        let url: URL
        public var description: String {
            "'\(url.absoluteString)' is not a PostgreSQL address: write postgres://user[:password]@host[:port]/database, with ?sslmode=disable, prefer, require or verify-full if needed."
        }
    }
}
