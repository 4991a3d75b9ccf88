import Dependencies
import DependencyValuesLesson
import Domain

/// Keeps drafts while the person is offline, and publishes them all when the connection is back.
///
/// Bug report: "In the onboarding tour, which runs with a pretend client, my drafts were
/// published for real the moment I went back online." The tour saves drafts inside
/// `withDependencies`; `publishAll()` is called later, by the app, outside that scope.
final class DraftQueue {
    private var pending: [() throws -> Void] = []

    /// Keeps `text` to be published later, stamped with the time it is published.
    func save(_ text: String) {
        // TODO: this closure escapes. Make it publish with the dependencies that were in
        // force when `save` was called, not the ones in force when `publishAll` runs it.
        pending.append {
            @Dependency(SocialClient.self) var client
            @Dependency(\.date.now) var now
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
