import Foundation

// The bodies of the class server's routes that both sides code (API.md has them all).

/// `POST /api/join`.
package struct JoinRequest: Codable, Sendable, Equatable {
    package var code: String
    package var name: String
    package init(code: String, name: String) {
        self.code = code
        self.name = name
    }
}

/// The answer to a join: who the learner is now, the token that says so, the lessons the
/// teacher has unlocked for the room already, and the server's clock.
///
/// `public` (its members `package`) only because ClassServer's public declarations name it:
/// no product exports it.
public struct JoinAnswer: Codable, Sendable, Equatable {
    package var learnerID: String
    package var token: String
    package var className: String
    /// Optional for answers of an older server.
    package var unlockedLessons: [String]?
    package var serverTime: Date?
    package init(learnerID: String, token: String, className: String, unlockedLessons: [String]? = nil, serverTime: Date? = nil) {
        self.learnerID = learnerID
        self.token = token
        self.className = className
        self.unlockedLessons = unlockedLessons
        self.serverTime = serverTime
    }
}

/// `POST /api/events`.
///
/// `public` (its members `package`) only because ClassServer's public declarations name it:
/// no product exports it.
public struct EventBatch: Codable, Sendable, Equatable {
    package var events: [ClassEvent]
    package init(events: [ClassEvent]) { self.events = events }
}

/// The answer to a batch; `unlockedLessons` are the lessons the teacher opened for the room.
///
/// `public` (its members `package`) only because ClassServer's public declarations name it:
/// no product exports it.
public struct BatchReceipt: Codable, Sendable, Equatable {
    package var accepted: Int
    package var duplicates: Int
    package var unlockedLessons: [String]
    package init(accepted: Int, duplicates: Int, unlockedLessons: [String]) {
        self.accepted = accepted
        self.duplicates = duplicates
        self.unlockedLessons = unlockedLessons
    }
}

/// Every error the server answers with: one sentence for a person.
package struct ClassErrorBody: Codable, Sendable, Equatable {
    package var error: String
    package init(error: String) { self.error = error }
}

/// The coding both sides use: dates as seconds since 1970, keys sorted (stable files).
package enum ClassJSON {
    package static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    package static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }
}
