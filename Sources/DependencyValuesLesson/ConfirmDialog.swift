import Dependencies
import Domain

/// "Post this?" with a Post button: keeps an escaping closure and runs it when the button is
/// tapped, long after the code that asked has returned. Page 7's second gotcha.
public final class ConfirmDialog {
    private var onConfirm: (() throws -> Post)?

    public init() {}

    /// The bug: the closure reads the client when it *runs*, in whatever scope taps the
    /// button, not in the scope that asked.
    public func askForgettingScope(toPost text: String) {
        onConfirm = {
            @Dependency(SocialClient.self) var client
            let post = Post(network: .twitter, text: text)
            try client.send(post)
            return post
        }
    }

    /// The fix: `withEscapedDependencies` hands over the values in force now, and
    /// `yield` puts them back around the closure's body when it finally runs.
    public func ask(toPost text: String) {
        withEscapedDependencies { dependencies in
            onConfirm = {
                try dependencies.yield {
                    @Dependency(SocialClient.self) var client
                    let post = Post(network: .twitter, text: text)
                    try client.send(post)
                    return post
                }
            }
        }
    }

    /// The user taps Post: runs the pending closure once. Returns what was posted, if anything.
    @discardableResult
    public func tapPost() throws -> Post? {
        defer { onConfirm = nil }
        return try onConfirm?()
    }
}
