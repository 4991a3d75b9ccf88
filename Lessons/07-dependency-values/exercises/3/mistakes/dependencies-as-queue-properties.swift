import Dependencies
import DependencyValuesLesson
import Domain

/// Keeps drafts while the person is offline, and publishes them all when the connection is back.
final class DraftQueue {
    @Dependency(SocialClient.self) private var client
    @Dependency(\.date.now) private var now
    private var pending: [() throws -> Void] = []

    /// Keeps `text` to be published later, stamped with the time it is published.
    func save(_ text: String) {
        // The queue's own dependencies were captured when it was made.
        pending.append { [unowned self] in
            try client.send(Post(network: .twitter, text: "\(text) (\(now.utcStamp))"))
        }
    }

    /// Publishes every saved draft, oldest first, and empties the queue.
    func publishAll() throws {
        let drafts = pending
        pending = []
        for publish in drafts {
            try publish()
        }
    }
}
