import Domain

/// A compose screen that stamps each draft with the time, so it needs a clock: something
/// `init?(coder:)` cannot be given.
public final class ComposeScreen: StoryboardScreen {
    private let clock: any Clock

    /// The initializer the creator hook calls: the coder from the storyboard, the clock from you.
    public init?(coder: StoryboardCoder, clock: any Clock) {
        self.clock = clock
        super.init(coder: coder)
    }

    /// What the storyboard calls on its own. Without a clock this screen cannot work, so it
    /// fails here (UIKit code usually writes `fatalError("init(coder:) has not been
    /// implemented")`), instead of making a `SystemClock()` of its own.
    public required init?(coder: StoryboardCoder) {
        return nil
    }

    /// `Hello` becomes `Hello (2016-06-18 09:30 UTC)`.
    public func draftLine(_ text: String) -> String {
        "\(text) (\(clock.now().utcStamp))"
    }
}
