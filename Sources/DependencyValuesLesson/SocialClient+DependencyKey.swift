import ConcurrencyExtras
import Dependencies
import Domain

extension SocialClient: DependencyKey {
    /// The real thing: appends to the timeline file. `@Dependency` inside the closures reads
    /// the timeline when a post is sent, so whoever overrides `\.timeline` decides the file.
    public static let liveValue = SocialClient(
        send: { post in
            @Dependency(\.timeline) var timeline
            try timeline.append(post)
        },
        sentPosts: {
            @Dependency(\.timeline) var timeline
            return try timeline.posts()
        }
    )

    /// For previews and demos: two sample posts in memory, and sending only adds to them.
    /// Nothing is written anywhere, so a preview can tap "Post" as often as it likes.
    public static var previewValue: SocialClient {
        let posts = LockIsolated([
            Post(network: .twitter, text: "Sample post (2016-06-17 09:00 UTC)"),
            Post(network: .facebook, text: "Another sample (2016-06-17 18:30 UTC)"),
        ])
        return SocialClient(
            send: { post in posts.withValue { $0.append(post) } },
            sentPosts: { posts.value }
        )
    }

    /// Every endpoint unimplemented: a test must say what it expects this client to do.
    public static let testValue = SocialClient()
}

extension DependencyValues {
    /// The posting client as `\.socialClient`. Needed only for key-path forms such as
    /// `@Dependency(\.socialClient.send)`; `@Dependency(SocialClient.self)` works without it.
    public var socialClient: SocialClient {
        get { self[SocialClient.self] }
        set { self[SocialClient.self] = newValue }
    }
}
