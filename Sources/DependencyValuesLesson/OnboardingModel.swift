import Dependencies

/// The onboarding tour: created inside `withDependencies` with the preview client, so that a
/// new user can try posting without posting. It makes the compose model *later*, when the user
/// reaches that step: page 7's first gotcha.
public final class OnboardingModel {
    // Held so that the model carries the values it was created with, and so that
    // `withDependencies(from: self)` can find them.
    @Dependency(SocialClient.self) private var client

    public init() {}

    /// The bug: by the time this runs, the `withDependencies` that created the tour has
    /// returned, so the new model's `@Dependency`s capture the values in force *now*: live.
    public func makeComposerForgettingScope() -> ComposeModel {
        ComposeModel()
    }

    /// The fix: create the child inside `withDependencies(from: self)`, which starts from the
    /// values this tour was created with.
    public func makeComposer() -> ComposeModel {
        withDependencies(from: self) { _ in
        } operation: {
            ComposeModel()
        }
    }
}
