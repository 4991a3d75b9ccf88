/// A screen that a `Storyboard` can create: the stand-in for a UIKit view controller.
///
/// The storyboard creates every screen with `init?(coder:)`, the only initializer it knows.
open class StoryboardScreen {
    public let title: String

    /// How the storyboard creates a screen on its own: from the coder, and nothing else.
    public required init?(coder: StoryboardCoder) {
        title = coder.identifier
    }
}
