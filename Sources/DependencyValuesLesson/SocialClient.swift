import DependenciesMacros
import Domain

/// The posting client as swift-dependencies recommends it: a struct of closures, one per
/// endpoint, instead of a protocol with one conforming type per implementation.
///
/// `@DependencyClient` writes the initializers. `SocialClient()` gets an *unimplemented*
/// default for every endpoint: calling one reports "Unimplemented: 'SocialClient.send'" and
/// throws. The live, preview and test values are in `SocialClient+DependencyKey.swift`.
@DependencyClient
public struct SocialClient: Sendable {
    /// Sends `post` to its network.
    public var send: @Sendable (_ post: Post) throws -> Void
    /// Every post sent so far, oldest first.
    public var sentPosts: @Sendable () throws -> [Post]
}
