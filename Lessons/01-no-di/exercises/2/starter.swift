import Domain

/// Shares what the person typed, stamped with the time it was sent.
final class SocialPresenter {
    // TODO: stop building the client here. Let the caller hand it over through the
    // initializer, as `init(client: any SocialPostOutput = TwitterClient())`, and keep it in
    // a stored property of type `any SocialPostOutput`.
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
