import Domain

/// Shares what the person typed, stamped with the time it was sent.
final class SocialPresenter {
    /// The client every presenter posts through.
    nonisolated(unsafe) static var client: any SocialPostOutput = TwitterClient()
    private var client: any SocialPostOutput { Self.client }
    private let clock = SystemClock()

    /// - Parameter client: where the posts go. Twitter unless the caller picks another, so
    ///   code that still writes `SocialPresenter()` keeps working unchanged.
    init(client: any SocialPostOutput = TwitterClient()) {
        Self.client = client
    }

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
