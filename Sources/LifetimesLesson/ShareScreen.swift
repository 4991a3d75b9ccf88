import Domain

/// One share screen: the person writes into its draft and taps Share, which its presenter does.
///
/// The terminal's stand-in for a view controller. It holds its draft and its presenter; the
/// composition root must give both the same draft, or what is written never reaches the post.
public final class ShareScreen {
    /// The draft shown on this screen.
    public let draft: Draft
    /// The presenter that shares this screen's draft.
    public let presenter: SharePresenter

    public init(draft: Draft, presenter: SharePresenter) {
        self.draft = draft
        self.presenter = presenter
    }

    /// The person writes `text` in the text field.
    public func write(_ text: String) {
        draft.text = text
    }

    /// The person taps Share.
    public func tapShare() throws {
        try presenter.share()
    }
}
