import Domain

/// Shares what the person typed, stamped with the time it was sent.
final class SocialPresenter {
    private let output: any SocialPostOutput
    private let clock: any Clock

    /// - Parameters:
    ///   - output: where the posts go.
    ///   - clock: what "now" is when a post is stamped: `SystemClock()` in the app, a
    ///     `FixedClock` in a test, so that the test knows every stamp in advance.
    init(output: any SocialPostOutput, clock: any Clock) {
        self.output = output
        self.clock = clock
    }

    /// Posts `text` through the output.
    func share(_ text: String) throws {
        try? output.post(stamped(text))
    }

    /// Posts `text` with `image` through the output.
    func share(_ text: String, image: Image) throws {
        try output.post(stamped(text), image: image)
    }

    /// `Hello` becomes `Hello (2016-06-18 09:30 UTC)`. Asks the clock every time: the stamp
    /// is the moment of the post, not the moment the presenter was made.
    private func stamped(_ text: String) -> String {
        "\(text) (\(clock.now().utcStamp))"
    }
}
