import Dependencies
import DependencyValuesLesson
import Domain

/// Keeps drafts while the person is offline, and publishes them all when the connection is back.
final class DraftQueue {
    private var pending: [() throws -> Void] = []

    /// Keeps `text` to be published later, stamped with the time it is published.
    func save(_ text: String) {
        // The closure escapes: carry the dependencies in force now into it, and put them back
        // around its body when it finally runs.
        withEscapedDependencies { dependencies in
            pending.append {
                try dependencies.yield {
                    @Dependency(SocialClient.self) var client
                    @Dependency(\.date.now) var now
                    try client.send(Post(network: .twitter, text: "\(text) (\(now.utcStamp))"))
                }
            }
        }
    }

    /// Publishes every saved draft, oldest first, and empties the queue.
    func publishAll() throws {
        let drafts = pending
        pending = []
        for publish in drafts {
            try? publish()
        }
    }
}
