import Domain

/// A broken copy: the stamper reads the ambient clock once, when it is made.
struct PostStamper {
    private let clock: any Clock

    init() {
        clock = TimeProvider.current
    }

    func stamp(_ text: String) -> String {
        "\(text) (\(clock.now().utcStamp))"
    }
}
