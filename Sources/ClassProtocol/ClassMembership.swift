import Foundation

/// What a learner's workspace keeps of the class it joined (`.didojo/class.json`): where the
/// server is and the token it gave. Written by `class join`, read by `didojo-outbox`.
package struct ClassMembership: Codable, Sendable, Equatable {
    package var serverURL: URL
    package var learnerID: String
    package var token: String
    package var className: String
    package var name: String
    package var joinedAt: Date
    /// The lessons the teacher unlocked for the room, as the last delivery heard.
    package var unlockedLessons: [String]

    package init(serverURL: URL, learnerID: String, token: String, className: String, name: String, joinedAt: Date, unlockedLessons: [String] = []) {
        self.serverURL = serverURL
        self.learnerID = learnerID
        self.token = token
        self.className = className
        self.name = name
        self.joinedAt = joinedAt
        self.unlockedLessons = unlockedLessons
    }

    /// `.didojo/class.json` in a workspace's state folder.
    package static func file(inStateFolder folder: URL) -> URL {
        folder.appendingPathComponent("class.json")
    }

    /// `.didojo/class-outbox` in a workspace's state folder.
    package static func outbox(inStateFolder folder: URL) -> URL {
        folder.appendingPathComponent("class-outbox", isDirectory: true)
    }
}
