import Domain

/// Shares what the person typed, stamped with the time it was sent, on Twitter or Facebook.
final class SocialPresenter {
    private let client: any SocialPostOutput
    private let clock = SystemClock()

    init(network: SocialNetwork = .twitter) {
        // The presenter still builds its own client, so it must know every concrete client
        // there is: a third network means editing this switch, and testing `share` still
        // means posting for real. Exercise 2 hands this decision to the caller instead.
        switch network {
        case .twitter: client = TwitterClient()
        case .facebook: client = FacebookClient()
        }
    }

    /// Posts `text` to the network this presenter was made for.
    func share(_ text: String) throws {
        try? client.post(stamped(text))
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
