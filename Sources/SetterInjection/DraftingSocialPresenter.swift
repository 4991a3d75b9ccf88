import Domain

/// The setter-injected presenter with a local default: until someone sets a real client,
/// posts are kept as drafts instead of vanishing.
///
/// `output` is never `nil`, so there is no silent no-op and no temporal coupling: the presenter
/// works from the moment it exists, and setting `output` later only changes where posts go.
public final class DraftingSocialPresenter {
    /// Where posts go: a `DraftFolder` of its own, until a client is set.
    public var output: any SocialPostOutput = DraftFolder()

    /// What "now" is when a post is stamped: the real clock unless replaced. A Foreign
    /// Default, as in `SocialPresenter` (the lesson's page 2).
    public var clock: any Clock = SystemClock()

    public init() {}

    /// Posts `text` through `output`.
    public func share(_ text: String) throws {
        try output.post(stamped(text))
    }

    /// Posts `text` with `image` through `output`.
    public func share(_ text: String, image: Image) throws {
        try output.post(stamped(text), image: image)
    }

    /// `Hello` becomes `Hello (2016-06-18 09:30 UTC)`.
    private func stamped(_ text: String) -> String {
        "\(text) (\(clock.now().utcStamp))"
    }
}
