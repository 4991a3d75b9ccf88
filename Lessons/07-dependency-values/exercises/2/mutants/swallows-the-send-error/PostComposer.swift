import Dependencies
import DependencyValuesLesson
import Domain

/// Stamps a text with the time and sends it through the lesson's `SocialClient`.
final class PostComposer {
    @Dependency(SocialClient.self) private var client
    @Dependency(\.date.now) private var now

    let network: SocialNetwork

    init(network: SocialNetwork = .twitter) {
        self.network = network
    }

    /// Sends `text`, stamped like `Hello (2016-06-18 00:00 UTC)`, and returns what was sent.
    @discardableResult
    func share(_ text: String) throws -> Post {
        let post = Post(network: network, text: "\(text) (\(now.utcStamp))")
        // Bug: `try?` swallows a failed send, so the caller thinks the post went out.
        try? client.send(post)
        return post
    }
}
