import Dependencies
import DependenciesMacros
import Domain

// TODO: turn this protocol-based client into a struct of closures.
//
// Today one idea takes four declarations: the protocol, the live type, a key and the
// `DependencyValues` property. Replace the protocol and `LivePostingClient` with
//
//     @DependencyClient
//     struct PostingClient: Sendable { … }
//
// with two endpoints, `send` (takes a `Post`, can throw) and `sentPosts` (returns `[Post]`, can
// throw). Make `PostingClient` itself the key: conform it to `DependencyKey` with a `liveValue`
// that uses `Timeline.standard`, and a `testValue` whose endpoints are all unimplemented.
// Keep `\.postingClient`, and leave `Announcer` as it is.

/// Sends posts and lists what was sent.
protocol PostingClient: Sendable {
    func send(_ post: Post) throws
    func sentPosts() throws -> [Post]
}

/// The real client: the timeline file.
struct LivePostingClient: PostingClient {
    func send(_ post: Post) throws {
        try Timeline.standard.append(post)
    }

    func sentPosts() throws -> [Post] {
        try Timeline.standard.posts()
    }
}

private enum PostingClientKey: DependencyKey {
    static let liveValue: any PostingClient = LivePostingClient()
}

extension DependencyValues {
    var postingClient: any PostingClient {
        get { self[PostingClientKey.self] }
        set { self[PostingClientKey.self] = newValue }
    }
}

/// Announces news on Twitter. It reads the client from the dependencies; it needs no change.
final class Announcer {
    @Dependency(\.postingClient) private var client

    func announce(_ news: String) throws {
        try client.send(Post(network: .twitter, text: "News: \(news)"))
    }
}
