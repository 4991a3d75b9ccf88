import ArgumentParser

/// The three pitfalls `run --gotcha` demonstrates, each followed by its fix.
public enum Gotcha: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// A model made later by a model that was created in an overriding scope.
    case captured
    /// An escaping closure that runs after the overriding scope has returned.
    case escaping
    /// A test that touches a dependency without a test value.
    case unimplemented
}
