import Foundation
import Domain

/// What `ComposeModel.share` hands back: the post as sent, an id for it, and how long sending
/// took.
public struct Receipt: Equatable, Sendable {
    /// From `\.uuid`, so a test can predict it.
    public let id: UUID
    public let post: Post
    /// Measured on `\.continuousClock`, so a test can make it zero.
    public let sendingTime: Duration

    public init(id: UUID, post: Post, sendingTime: Duration) {
        self.id = id
        self.post = post
        self.sendingTime = sendingTime
    }
}
