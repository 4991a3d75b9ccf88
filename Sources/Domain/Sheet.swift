/// A small panel shown on a `Screen`: a title and a few lines, such as a compose sheet.
public struct Sheet: Equatable, Sendable {
    public let title: String
    public let lines: [String]

    public init(title: String, lines: [String]) {
        self.title = title
        self.lines = lines
    }

    /// The sheet a client shows while sending `post`, like a phone's share sheet.
    public static func compose(_ post: Post) -> Sheet {
        var lines = post.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if let imageName = post.imageName {
            lines.append("[image: \(imageName)]")
        }
        return Sheet(title: "\(post.network.displayName) · compose", lines: lines)
    }
}
