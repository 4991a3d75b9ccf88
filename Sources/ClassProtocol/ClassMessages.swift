import Foundation

// The bodies of the class server's routes that both sides code (API.md has them all).

/// `POST /api/join`.
public struct JoinRequest: Codable, Sendable, Equatable {
    public var code: String
    public var name: String
    public init(code: String, name: String) {
        self.code = code
        self.name = name
    }
}

/// The answer to a join: who the learner is now, the token that says so, the lessons the
/// teacher has unlocked for the room already, and the server's clock.
public struct JoinAnswer: Codable, Sendable, Equatable {
    public var learnerID: String
    public var token: String
    public var className: String
    /// Optional for answers of an older server.
    public var unlockedLessons: [String]?
    public var serverTime: Date?
    public init(learnerID: String, token: String, className: String, unlockedLessons: [String]? = nil, serverTime: Date? = nil) {
        self.learnerID = learnerID
        self.token = token
        self.className = className
        self.unlockedLessons = unlockedLessons
        self.serverTime = serverTime
    }
}

/// `POST /api/events`.
public struct EventBatch: Codable, Sendable, Equatable {
    public var events: [ClassEvent]
    public init(events: [ClassEvent]) { self.events = events }
}

/// The answer to a batch; `unlockedLessons` are the lessons the teacher opened for the room.
public struct BatchReceipt: Codable, Sendable, Equatable {
    public var accepted: Int
    public var duplicates: Int
    public var unlockedLessons: [String]
    public init(accepted: Int, duplicates: Int, unlockedLessons: [String]) {
        self.accepted = accepted
        self.duplicates = duplicates
        self.unlockedLessons = unlockedLessons
    }
}

/// Every error the server answers with: one sentence for a person.
public struct ClassErrorBody: Codable, Sendable, Equatable {
    public var error: String
    public init(error: String) { self.error = error }
}

/// The coding both sides use: dates as seconds since 1970, keys sorted (stable files).
public enum ClassJSON {
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }
}
