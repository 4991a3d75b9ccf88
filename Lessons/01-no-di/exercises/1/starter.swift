import Domain

/// Shares what the person typed, stamped with the time it was sent.
///
/// Product wants a Facebook button next to the Twitter one. The screen already creates
/// `SocialPresenter(network: .facebook)` for it, but every post still lands on Twitter.
final class SocialPresenter {
    private let network: SocialNetwork
    private let client = TwitterClient()
    private let clock = SystemClock()

    init(network: SocialNetwork = .twitter) {
        self.network = network
    }

    /// Posts `text` to the network this presenter was made for.
    func share(_ text: String) throws {
        // TODO: post to Facebook when `network` is `.facebook`. Nobody hands this presenter a
        // client, so it has to build a `FacebookClient` itself and choose between the two.
        try client.post(stamped(text))
    }

    /// Posts `text` with `image` to the network this presenter was made for.
    func share(_ text: String, image: Image) throws {
        // TODO: the same choice for posts with a picture.
        try client.post(stamped(text), image: image)
    }

    /// `Hello` becomes `Hello (2016-06-18 09:30 UTC)`.
    private func stamped(_ text: String) -> String {
        "\(text) (\(clock.now().utcStamp))"
    }
}
