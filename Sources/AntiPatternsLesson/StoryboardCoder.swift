/// What a storyboard file says about one screen, handed to the screen's `init?(coder:)`: the
/// stand-in for UIKit's `NSCoder`.
public struct StoryboardCoder: Sendable {
    /// The screen's identifier in the storyboard, which is also its title here.
    public let identifier: String

    public init(identifier: String) {
        self.identifier = identifier
    }
}
