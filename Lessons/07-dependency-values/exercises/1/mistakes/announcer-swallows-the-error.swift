import Dependencies
import DependenciesMacros
import Domain

/// Sends posts and lists what was sent: one struct, one closure per endpoint.
@DependencyClient
struct PostingClient: Sendable {
    var send: @Sendable (_ post: Post) throws -> Void
    var sentPosts: @Sendable () throws -> [Post]
}

extension PostingClient: DependencyKey {
    /// The real client: the timeline file.
    static let liveValue = PostingClient(
        send: { post in try Timeline.standard.append(post) },
        sentPosts: { try Timeline.standard.posts() }
    )

    /// Nothing implemented: a test must override what it uses.
    static let testValue = PostingClient()
}

extension DependencyValues {
    var postingClient: PostingClient {
        get { self[PostingClient.self] }
        set { self[PostingClient.self] = newValue }
    }
}

/// Announces news on Twitter. It reads the client from the dependencies; it needs no change.
final class Announcer {
    @Dependency(\.postingClient) private var client

    func announce(_ news: String) throws {
        try? client.send(Post(network: .twitter, text: "News: \(news)"))
    }
}
