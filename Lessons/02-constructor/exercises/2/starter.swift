import Domain

/// Shares what the person typed, stamped with the time it was sent.
final class SocialPresenter {
    private let output: any SocialPostOutput
    // TODO: the clock is still built right here, so nobody can say in advance what a post will
    // say. Receive it through the initializer too, as `init(output:clock:)` with
    // `clock: any Clock` and no default, and keep it in a `private let clock: any Clock`.
    private let clock = SystemClock()

    init(output: any SocialPostOutput) {
        self.output = output
    }

    /// Posts `text` through the output.
    func share(_ text: String) throws {
        try output.post(stamped(text))
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
