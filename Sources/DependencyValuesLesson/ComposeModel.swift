import Dependencies
import Domain
import Foundation

/// The compose screen's model: stamps a text with the time and sends it, through four
/// dependencies it never receives from a caller.
///
/// `\.date` replaces the earlier lessons' `Clock`; `\.uuid` and `\.continuousClock` are the
/// library's too; `SocialClient` is this lesson's. Each `@Dependency` remembers the values in
/// force when the model was created, and values in force where it is read win over them
/// (pages 6 and 7).
public final class ComposeModel {
    @Dependency(SocialClient.self) private var client
    @Dependency(\.date.now) private var now
    @Dependency(\.uuid) private var uuid
    @Dependency(\.continuousClock) private var clock

    /// Where the posts go.
    public let network: SocialNetwork

    public init(network: SocialNetwork = .twitter) {
        self.network = network
    }

    /// Sends `text`, stamped with the time, and says what was sent.
    public func share(_ text: String) throws -> Receipt {
        let post = Post(network: network, text: "\(text) (\(now.utcStamp))")
        let sendingTime = try clock.measure {
            try client.send(post)
        }
        return Receipt(id: uuid(), post: post, sendingTime: sendingTime)
    }

    /// What the client has sent so far (the timeline, or the preview's samples).
    public func sentPosts() throws -> [Post] {
        try client.sentPosts()
    }
}
