import Dependencies
import Domain

/// A "share now" shortcut with no instance to hold properties: `@Dependency` inside a function.
public enum QuickShare {
    /// Posts `text` to Twitter, stamped with the time.
    ///
    /// It asks for one endpoint, `\.socialClient.send`, not the whole client: a test then only
    /// has to override `send`. The local `@Dependency` reads the values in force at the call.
    public static func share(_ text: String) throws -> Post {
        @Dependency(\.socialClient.send) var send
        @Dependency(\.date.now) var now
        let post = Post(network: .twitter, text: "\(text) (\(now.utcStamp))")
        try send(post)
        return post
    }
}
