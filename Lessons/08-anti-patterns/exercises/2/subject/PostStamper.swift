import Domain

/// Stamps a text with the time `TimeProvider.current` tells at that moment. The code your tests
/// are about: it is correct.
struct PostStamper {
    init() {}

    /// `Hello` becomes `Hello (2016-06-18 09:30 UTC)`.
    func stamp(_ text: String) -> String {
        "\(text) (\(TimeProvider.current.now().utcStamp))"
    }
}
