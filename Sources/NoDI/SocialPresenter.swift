import Domain

/// Shares what the person typed, stamped with the time it was sent.
///
/// Hard-wired on purpose: the presenter builds its own `TwitterClient` and its own
/// `SystemClock`. Nobody outside can swap either, which is what lesson 1 is about.
public final class SocialPresenter {
    private let client = TwitterClient()
    private let clock = SystemClock()

    public init() {}

    /// Posts `text` to Twitter.
    public func share(_ text: String) throws {
        try client.post(stamped(text))
    }

    /// Posts `text` with `image` to Twitter.
    public func share(_ text: String, image: Image) throws {
        try client.post(stamped(text), image: image)
    }

    /// `Hello` becomes `Hello (2016-06-18 09:30 UTC)`.
    private func stamped(_ text: String) -> String {
        "\(text) (\(clock.now().utcStamp))"
    }
}
