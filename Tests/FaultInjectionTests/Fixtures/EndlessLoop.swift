import Domain

/// no-di.1 with a wait that never ends: the flag it waits for is set by nobody.
final class SocialPresenter {
    private let network: SocialNetwork
    private let client = TwitterClient()
    private let clock = SystemClock()
    private var sent = false

    init(network: SocialNetwork = .twitter) {
        self.network = network
    }

    func share(_ text: String) throws {
        try client.post(stamped(text))
        // "Wait until the post has gone out" — but nothing ever sets `sent`.
        while !sent {}
    }

    func share(_ text: String, image: Image) throws {
        try client.post(stamped(text), image: image)
    }

    private func stamped(_ text: String) -> String {
        "\(text) (\(clock.now().utcStamp))"
    }
}
