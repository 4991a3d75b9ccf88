import Domain

/// Shares what the person typed, stamped with the time it was sent, on Twitter or Facebook.
final class SocialPresenter {
    /// The network every presenter posts to.
    nonisolated(unsafe) static var network: SocialNetwork = .twitter
    private var client: any SocialPostOutput {
        switch Self.network {
        case .twitter: TwitterClient()
        case .facebook: FacebookClient()
        }
    }
    private let clock = SystemClock()

    init(network: SocialNetwork = .twitter) {
        Self.network = network
    }

    /// Posts `text` to the network this presenter was made for.
    func share(_ text: String) throws {
        try client.post(stamped(text))
    }

    /// Posts `text` with `image` to the network this presenter was made for.
    func share(_ text: String, image: Image) throws {
        try client.post(stamped(text), image: image)
    }

    /// `Hello` becomes `Hello (2016-06-18 09:30 UTC)`.
    private func stamped(_ text: String) -> String {
        "\(text) (\(clock.now().utcStamp))"
    }
}
