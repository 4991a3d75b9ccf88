import Domain

/// Stamps a text with the time, read from the ambient `TimeProvider.current`.
///
/// `PostStamper()` takes nothing, so nobody can tell from outside that it depends on a clock.
public struct PostStamper {
    public init() {}

    /// `Hello` becomes `Hello (2016-06-18 09:30 UTC)`, with whatever time `TimeProvider.current`
    /// tells at this moment.
    public func stamp(_ text: String) -> String {
        "\(text) (\(TimeProvider.current.now().utcStamp))"
    }
}
