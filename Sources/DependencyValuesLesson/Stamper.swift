import Domain

/// Stamps a text with the time, reading the clock from the hand-built store: Part 1's feature.
///
/// Nobody passes it a clock and its initializer takes nothing, yet a test can still choose the
/// time, with `withHandmadeDependencies`.
public struct Stamper: Sendable {
    @Injected(\.clock) private var clock

    public init() {}

    /// `Hello` becomes `Hello (2016-06-18 00:00 UTC)`.
    public func stamp(_ text: String) -> String {
        "\(text) (\(clock.now().utcStamp))"
    }
}
