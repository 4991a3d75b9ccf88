import Domain

/// Shares what the person typed, stamped with the time it was sent.
final class SocialPresenter {
    private let output: any SocialPostOutput
    private let clock = SystemClock()

    /// - Parameter output: where the posts go. No default: whoever creates the presenter must
    ///   decide, and the presenter never names a concrete client.
    init(output: any SocialPostOutput) {
        self.output = output
    }

    /// Posts `text` through the output.
    func share(_ text: String) throws {
        try? output.post(stamped(text))
    }

    /// Posts `text` with `image` through the output.
    func share(_ text: String, image: Image) throws {
        try output.post(stamped(text), image: image)
    }

    /// `Hello` becomes `Hello (2016-06-18 09:30 UTC)`.
    private func stamped(_ text: String) -> String {
        "\(text) (\(clock.now().utcStamp))"
    }
}

/// The composition root of this small program: the one place allowed to name concrete clients.
func makePresenter(for network: SocialNetwork) -> SocialPresenter {
    switch network {
    case .twitter: SocialPresenter(output: TwitterClient())
    case .facebook: SocialPresenter(output: FacebookClient())
    }
}
