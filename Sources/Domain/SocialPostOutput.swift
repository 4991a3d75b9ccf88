/// Anything a post can be sent through: a network client, or a stand-in written for a test.
///
/// Code that holds a `SocialPostOutput` instead of a concrete client can post to any network,
/// and can be tested without posting at all.
public protocol SocialPostOutput {
    /// Sends a text-only post.
    func post(_ text: String) throws
    /// Sends a post with a picture attached.
    func post(_ text: String, image: Image) throws
}
