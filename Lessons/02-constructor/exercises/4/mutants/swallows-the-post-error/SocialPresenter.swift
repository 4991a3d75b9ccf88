import Domain

/// Shares what the person typed, stamped with the time it was sent, through the output it was
/// given. A deliberately broken copy: see the mutant's description in lesson.yaml.
final class SocialPresenter {
    private let output: any SocialPostOutput
    private let clock: any Clock

    init(output: any SocialPostOutput, clock: any Clock) {
        self.output = output
        self.clock = clock
    }

    /// Posts `text` through the output.
    func share(_ text: String) throws {
        // Bug: `try?` swallows the output's error: the caller thinks the post went out.
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
