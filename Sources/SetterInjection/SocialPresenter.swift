import Domain

/// Shares what the person typed, stamped with the time it was sent, through an output that is
/// set after the presenter has been created.
///
/// Setter (property) injection: `init` takes nothing, and whoever creates the presenter
/// assigns `output` afterwards. Until that happens the presenter is not finished, and nothing
/// in its type says so.
public final class SocialPresenter {
    /// Where posts go. Set it after `init`; until then `share` quietly
    /// does nothing.
    public var output: (any SocialPostOutput)?

    /// What "now" is when a post is stamped: the real clock unless someone
    /// replaces it. Not optional (every post is stamped), and `SystemClock`
    /// lives in `Domain`: a Foreign Default, kept to show what a setter
    /// hides (the lesson's page 2). It belongs in `init`.
    public var clock: any Clock = SystemClock()

    public init() {}

    /// Posts `text` through `output`, if there is one.
    public func share(_ text: String) throws {
        // Optional chaining: with no output the call is skipped and
        // `share` returns normally. Nobody learns the post went nowhere.
        try output?.post(stamped(text))
    }

    /// Posts `text` with `image` through `output`, if there is one.
    public func share(_ text: String, image: Image) throws {
        try output?.post(stamped(text), image: image)
    }

    /// `Hello` becomes `Hello (2016-06-18 09:30 UTC)`.
    private func stamped(_ text: String) -> String {
        "\(text) (\(clock.now().utcStamp))"
    }
}
