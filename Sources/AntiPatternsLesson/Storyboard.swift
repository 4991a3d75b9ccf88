/// Creates screens by identifier, as UIKit's `UIStoryboard` does: the stand-in for a framework
/// that insists on one initializer.
///
/// `instantiateScreen(identifier:)` can only call `init?(coder:)`, so a screen with
/// dependencies cannot receive them. `instantiateScreen(identifier:creator:)` is the framework's
/// creator hook: it hands you the coder, and you call an initializer of your own, as UIKit's
/// `instantiateViewController(identifier:creator:)` has allowed since iOS 13.
public final class Storyboard {
    private let scenes: [String: StoryboardScreen.Type]

    /// - Parameter scenes: the screen class behind each identifier, as the storyboard file says.
    public init(scenes: [String: StoryboardScreen.Type]) {
        self.scenes = scenes
    }

    /// The screen behind `identifier`, created with `init?(coder:)`; nil for an unknown
    /// identifier or a screen that cannot be created that way.
    public func instantiateScreen(identifier: String) -> StoryboardScreen? {
        guard let type = scenes[identifier] else { return nil }
        return type.init(coder: StoryboardCoder(identifier: identifier))
    }

    /// The screen behind `identifier`, created by `creator` from the storyboard's coder.
    public func instantiateScreen<Screen: StoryboardScreen>(
        identifier: String, creator: (StoryboardCoder) -> Screen?
    ) -> Screen? {
        guard scenes[identifier] != nil else { return nil }
        return creator(StoryboardCoder(identifier: identifier))
    }
}
