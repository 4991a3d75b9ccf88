import Foundation

/// What a learner's workspace keeps of the class it joined (`.didojo/class.json`): where the
/// server is and the token it gave. Written by `class join`, read by `didojo-outbox`.
public struct ClassMembership: Codable, Sendable, Equatable {
    public var serverURL: URL
    public var learnerID: String
    public var token: String
    public var className: String
    public var name: String
    public var joinedAt: Date
    /// The lessons the teacher unlocked for the room, as the last delivery heard.
    public var unlockedLessons: [String]

    public init(serverURL: URL, learnerID: String, token: String, className: String, name: String, joinedAt: Date, unlockedLessons: [String] = []) {
        self.serverURL = serverURL
        self.learnerID = learnerID
        self.token = token
        self.className = className
        self.name = name
        self.joinedAt = joinedAt
        self.unlockedLessons = unlockedLessons
    }

    /// `.didojo/class.json` in a workspace's state folder.
    public static func file(inStateFolder folder: URL) -> URL {
        folder.appendingPathComponent("class.json")
    }

    /// `.didojo/class-outbox` in a workspace's state folder.
    public static func outbox(inStateFolder folder: URL) -> URL {
        folder.appendingPathComponent("class-outbox", isDirectory: true)
    }
}
