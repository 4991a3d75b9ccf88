import Domain

/// Shares what the person typed, stamped with the time it was sent, on Facebook.
final class SocialPresenter {
    private let network: SocialNetwork
    /// Facebook is the new button, so the posts go there now.
    private let client = FacebookClient()
    private let clock = SystemClock()

    init(network: SocialNetwork = .twitter) {
        self.network = network
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
