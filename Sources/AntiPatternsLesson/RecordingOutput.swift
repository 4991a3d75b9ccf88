import Domain

/// An output that posts nothing and keeps the text of every post, in order: the spy the
/// demo's tests register.
public final class RecordingOutput: SocialPostOutput {
    /// Every text posted so far, oldest first.
    public private(set) var texts: [String] = []

    public init() {}

    public func post(_ text: String) throws {
        texts.append(text)
    }

    public func post(_ text: String, image: Image) throws {
        texts.append(text)
    }
}
