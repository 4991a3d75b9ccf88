import Domain

/// What `share` throws when it is called before anyone set `output`.
enum SocialPresenterError: Error, Equatable, CustomStringConvertible {
    case outputNotSet

    var description: String {
        "SocialPresenter.output was never set: assign a client before calling share"
    }
}

/// Shares what the person typed, stamped with the time it was sent, through an output that is
/// set after the presenter has been created. A deliberately broken copy: see the mutant's description in lesson.yaml.
final class SocialPresenter {
    /// Where posts go. Whoever creates the presenter must set it before calling `share`.
    var output: (any SocialPostOutput)?

    /// What "now" is when a post is stamped: the real clock unless someone replaces it.
    var clock: any Clock = SystemClock()

    /// Posts `text` through `output`.
    ///
    /// - Throws: `SocialPresenterError.outputNotSet` if nobody set `output`, so a forgotten
    ///   assignment shows up at the first post instead of losing posts without a word.
    func share(_ text: String) throws {
        try requireOutput().post(stamped(text))
    }

    /// Posts `text` with `image` through `output`.
    ///
    /// - Throws: `SocialPresenterError.outputNotSet` if nobody set `output`.
    func share(_ text: String, image: Image) throws {
        // Bug: `try?` swallows `outputNotSet`, so a post with a picture and no output is
        // dropped and nobody is told.
        try? requireOutput().post(stamped(text), image: image)
    }

    /// The output, read at the moment of the post, so that a later assignment takes effect.
    private func requireOutput() throws -> any SocialPostOutput {
        guard let output else { throw SocialPresenterError.outputNotSet }
        return output
    }

    /// `Hello` becomes `Hello (2016-06-18 09:30 UTC)`.
    private func stamped(_ text: String) -> String {
        "\(text) (\(clock.now().utcStamp))"
    }
}
