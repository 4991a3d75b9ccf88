import Domain

/// The demo's bad connection: a decorator that makes the first few posts through it fail with
/// a `NetworkTimeout`, then lets the rest through.
///
/// Fault injection is one more thing a decorator can add without touching the client.
public final class FlakyOutput: SocialPostOutput {
    private let inner: any SocialPostOutput
    private let network: SocialNetwork
    private var failuresLeft: Int

    /// - Parameters:
    ///   - inner: the client that really posts, once the connection lets a post through.
    ///   - network: the network named in the timeout.
    ///   - failures: how many posts fail before the first one gets through.
    public init(wrapping inner: any SocialPostOutput, network: SocialNetwork, failures: Int) {
        self.inner = inner
        self.network = network
        self.failuresLeft = failures
    }

    public func post(_ text: String) throws {
        try connect()
        try inner.post(text)
    }

    public func post(_ text: String, image: Image) throws {
        try connect()
        try inner.post(text, image: image)
    }

    private func connect() throws {
        if failuresLeft > 0 {
            failuresLeft -= 1
            throw NetworkTimeout(network: network)
        }
    }
}
