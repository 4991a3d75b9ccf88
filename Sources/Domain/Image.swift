/// A picture attached to a post. Only its name is kept: the terminal cannot show pictures, and
/// the lessons are about who sends the post, not about pixels.
public struct Image: Equatable, Hashable, Sendable {
    /// The picture's file name, e.g. `sunset.jpg`.
    public let name: String

    public init(named name: String) {
        self.name = name
    }
}
