import Domain

/// Shares what the person typed, stamped with the time it was sent.
final class SocialPresenter {
    private let client: any SocialPostOutput
    private let clock: any Clock

    /// - Parameters:
    ///   - client: where the posts go. Twitter unless the caller picks another.
    ///   - clock: what "now" is when a post is stamped. The real time unless the caller picks
    ///     another, such as a `FixedClock` in a test.
    init(client: any SocialPostOutput = TwitterClient(), clock: any Clock = SystemClock()) {
        self.client = client
        self.clock = clock
    }

    /// Posts `text` through the client.
    func share(_ text: String) throws {
        try client.post(stamped(text))
    }

    /// Posts `text` with `image` through the client.
    func share(_ text: String, image: Image) throws {
        try? client.post(stamped(text), image: image)
    }

    /// `Hello` becomes `Hello (2016-06-18 09:30 UTC)`.
    private func stamped(_ text: String) -> String {
        "\(text) (\(clock.now().utcStamp))"
    }
}
