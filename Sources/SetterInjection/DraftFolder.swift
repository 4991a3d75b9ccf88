import Domain

/// An output that sends nothing anywhere: it keeps every post as a draft in memory.
///
/// A sensible local default for a presenter whose network is chosen later. It lives in the
/// same module as the presenter and reaches no network, so using it by default costs nothing
/// and loses nothing. A class, because the presenter adds drafts and others read them.
public final class DraftFolder: SocialPostOutput {
    /// One post that was kept instead of sent.
    public struct Draft: Equatable, Sendable {
        public let text: String
        public let image: Image?

        public init(text: String, image: Image?) {
            self.text = text
            self.image = image
        }
    }

    /// Every draft so far, oldest first.
    public private(set) var drafts: [Draft] = []

    public init() {}

    public func post(_ text: String) {
        drafts.append(Draft(text: text, image: nil))
    }

    public func post(_ text: String, image: Image) {
        drafts.append(Draft(text: text, image: image))
    }
}
