import Domain

/// Shares what the person typed, stamped with the time it was sent.
///
/// This is still lesson 1's hard-wired presenter: it builds its own `TwitterClient`.
final class SocialPresenter {
    // TODO: stop building the client here. Receive it through the initializer as
    // `init(output: any SocialPostOutput)`, with no default value, and keep it in a
    // `private let output: any SocialPostOutput`.
    private let client = TwitterClient()
    private let clock = SystemClock()

    init() {}

    /// Posts `text` through the client.
    func share(_ text: String) throws {
        try client.post(stamped(text))
    }

    /// Posts `text` with `image` through the client.
    func share(_ text: String, image: Image) throws {
        try client.post(stamped(text), image: image)
    }

    /// `Hello` becomes `Hello (2016-06-18 09:30 UTC)`.
    private func stamped(_ text: String) -> String {
        "\(text) (\(clock.now().utcStamp))"
    }
}

/// The composition root of this small program: the one place allowed to name concrete clients.
func makePresenter(for network: SocialNetwork) -> SocialPresenter {
    // TODO: build a `TwitterClient()` or a `FacebookClient()`, whichever `network` asks for,
    // and hand it to the presenter.
    SocialPresenter()
}
