/// The posts of the app's timeline, kept in memory: one store, shared by every share screen
/// and the background sync.
///
/// An actor, so that posts arriving from many tasks at once are appended one at a time: its
/// mutable state is reached only through `await`, and the compiler checks that it is. That
/// makes it `Sendable` without a lock written by hand, and an honest dependency to inject.
public actor TimelineStore: AsyncPostOutput {
    /// Every post so far, oldest first.
    public private(set) var posts: [String] = []

    public init() {}

    public func post(_ text: String) async throws {
        posts.append(text)
    }
}
