import Domain

/// The logic behind a share screen: posts the screen's draft through the output it was given.
///
/// It knows nothing of decorators or lifetimes: the composition root decides whether its
/// output is a bare client or a client wrapped in logging and retries, and which draft it gets.
public final class SharePresenter {
    /// The draft this presenter posts: the one its screen writes into.
    public let draft: Draft
    private let output: any SocialPostOutput
    private let logger: any Logger

    public init(draft: Draft, output: any SocialPostOutput, logger: any Logger) {
        self.draft = draft
        self.output = output
        self.logger = logger
    }

    /// Posts the draft, with its picture if it has one, and logs how it went.
    public func share() throws {
        let text = draft.text
        do {
            if let image = draft.image {
                try output.post(text, image: image)
            } else {
                try output.post(text)
            }
            logger.info("shared \"\(text)\"")
        } catch {
            logger.error("could not share \"\(text)\": \(error)")
            throw error
        }
    }
}
