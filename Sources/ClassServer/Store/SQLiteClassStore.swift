import ClassProtocol
import Foundation
import GRDB

import Glibc

/// The class in one SQLite file, through GRDB: the default store, for one server on the
/// teacher's machine.
///
/// WAL mode (GRDB's `DatabasePool` sets it) lets the dashboard's reads run beside the writes.
/// `synchronous = NORMAL` is the setting SQLite recommends with WAL: a commit survives the
/// server being killed (what the load benchmark does); only a power cut can lose the last
/// commits, and the learners' outboxes send those again.
public final class SQLiteClassStore: ClassStore {
    private let database: DatabasePool

    /// Opens (or creates) the class file at `file`. The file holds the teacher's token, so it
    /// and its write-ahead log and shared memory (`-wal`, `-shm`) are for the teacher alone
    /// (mode 0600), whatever the umask: SQLite gives the log and the shared memory the mode of
    /// the database file, which is made 0600 before SQLite opens it.
    public init(file: URL) throws {
        try Self.makePrivate(file)
        var configuration = Configuration()
        // Two server instances on one class file (a restart that overlaps, the tests' east and
        // west) write in turn: a writer that finds the other's transaction open waits for it,
        // for up to 10 s, rather than failing at once with "database is locked" (GRDB's default,
        // `.immediateError`), as a busy machine made a sign-out do.
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        database = try DatabasePool(path: file.path, configuration: configuration)
        try Self.migrator.migrate(database)
    }

    /// Creates the file 0600 when it is missing, and makes an existing one (and its companions)
    /// 0600: a class file made by an older server may be readable by everyone.
    static func makePrivate(_ file: URL) throws {
        let descriptor = open(file.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: file.path, NSLocalizedDescriptionKey: "Cannot open \(file.path): \(String(cString: strerror(errno)))"])
        }
        defer { close(descriptor) }
        guard fchmod(descriptor, 0o600) == 0 else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: file.path, NSLocalizedDescriptionKey: "Cannot make \(file.path) private: \(String(cString: strerror(errno)))"])
        }
        for companion in ["-wal", "-shm", "-journal"] where FileManager.default.fileExists(atPath: file.path + companion) {
            _ = chmod(file.path + companion, 0o600)
        }
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("class v1") { db in
            try db.execute(sql: """
                CREATE TABLE learner (
                    id TEXT PRIMARY KEY NOT NULL,
                    name TEXT NOT NULL,
                    tokenHash TEXT NOT NULL UNIQUE,
                    joinedAt REAL NOT NULL
                );
                CREATE TABLE event (
                    learnerID TEXT NOT NULL REFERENCES learner(id),
                    id TEXT NOT NULL,
                    receivedAt REAL NOT NULL,
                    body TEXT NOT NULL,
                    PRIMARY KEY (learnerID, id)
                );
                CREATE TABLE setting (
                    key TEXT PRIMARY KEY NOT NULL,
                    value TEXT NOT NULL
                );
                """)
        }
        migrator.registerMigration("class v2: merged learners") { db in
            try db.execute(sql: "ALTER TABLE learner ADD COLUMN mergedInto TEXT")
        }
        return migrator
    }

    public func load() async throws -> StoredClass {
        try await database.read { db in
            let learners = try Row.fetchAll(db, sql: "SELECT id, name, tokenHash, joinedAt, mergedInto FROM learner ORDER BY rowid").map { row in
                StoredLearner(
                    id: row["id"], name: row["name"], tokenHash: row["tokenHash"], joinedAt: Date(timeIntervalSince1970: row["joinedAt"]),
                    mergedInto: row["mergedInto"])
            }
            let decoder = ClassJSON.decoder()
            let events = try Row.fetchAll(db, sql: "SELECT learnerID, receivedAt, body FROM event ORDER BY rowid").map { row in
                let body: String = row["body"]
                return StoredEvent(
                    learnerID: row["learnerID"], event: try decoder.decode(ClassEvent.self, from: Data(body.utf8)),
                    receivedAt: Date(timeIntervalSince1970: row["receivedAt"]))
            }
            var settings: [ClassSetting: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT key, value FROM setting") {
                if let key = ClassSetting(rawValue: row["key"]) { settings[key] = row["value"] }
            }
            return StoredClass(learners: learners, events: events, settings: settings)
        }
    }

    public func addLearner(_ learner: StoredLearner) async throws {
        try await database.write { db in
            try db.execute(
                sql: "INSERT INTO learner (id, name, tokenHash, joinedAt) VALUES (?, ?, ?, ?)",
                arguments: [learner.id, learner.name, learner.tokenHash, learner.joinedAt.timeIntervalSince1970])
        }
    }

    public func removeLearners(_ ids: [String]) async throws {
        try await database.write { db in
            for id in ids {
                try db.execute(sql: "DELETE FROM learner WHERE id = ? AND NOT EXISTS (SELECT 1 FROM event WHERE learnerID = ?)", arguments: [id, id])
            }
        }
    }

    public func deleteLearner(_ id: String) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM event WHERE learnerID IN (SELECT id FROM learner WHERE id = ? OR mergedInto = ?)", arguments: [id, id])
            try db.execute(sql: "DELETE FROM learner WHERE id = ? OR mergedInto = ?", arguments: [id, id])
        }
    }

    public func mergeLearner(_ id: String, into target: String) async throws {
        try await database.write { db in
            try db.execute(sql: "UPDATE learner SET mergedInto = ? WHERE id = ? OR mergedInto = ?", arguments: [target, id, id])
        }
    }

    public func add(_ events: [ClassEvent], from learnerID: String, receivedAt: Date) async throws -> [ClassEvent] {
        let encoder = ClassJSON.encoder()
        let bodies = try events.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
        return try await database.write { db in
            var added: [ClassEvent] = []
            for (event, body) in zip(events, bodies) {
                try db.execute(
                    sql: "INSERT OR IGNORE INTO event (learnerID, id, receivedAt, body) VALUES (?, ?, ?, ?)",
                    arguments: [learnerID, event.id, receivedAt.timeIntervalSince1970, body])
                if db.changesCount > 0 { added.append(event) }
            }
            return added
        }
    }

    public func updateSetting(_ key: ClassSetting, _ change: @escaping @Sendable (String?) -> String) async throws -> String {
        // GRDB's writes are one transaction each, IMMEDIATE in a pool: no other writer between
        // the read and the write.
        try await database.write { db in
            let value = change(try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [key.rawValue]))
            try db.execute(
                sql: "INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                arguments: [key.rawValue, value])
            return value
        }
    }

    public func setSettingIfAbsent(_ key: ClassSetting, to value: String) async throws -> String {
        try await database.write { db in
            try db.execute(sql: "INSERT OR IGNORE INTO setting (key, value) VALUES (?, ?)", arguments: [key.rawValue, value])
            return try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [key.rawValue]) ?? value
        }
    }

    public func setSetting(_ key: ClassSetting, to value: String) async throws {
        try await database.write { db in
            try db.execute(
                sql: "INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                arguments: [key.rawValue, value])
        }
    }
}
