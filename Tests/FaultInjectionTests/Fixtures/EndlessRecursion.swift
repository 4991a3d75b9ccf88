import Domain

/// no-di.1 after a refactoring gone wrong: each `share` hands over to the other.
final class SocialPresenter {
    private let network: SocialNetwork
    private let client = TwitterClient()
    private let clock = SystemClock()

    init(network: SocialNetwork = .twitter) {
        self.network = network
    }

    func share(_ text: String) throws {
        try share(text, image: Image(named: "none"))
    }

    func share(_ text: String, image: Image) throws {
        guard image.name != "none" else {
            try share(text)
            return
        }
        try client.post(stamped(text), image: image)
    }

    private func stamped(_ text: String) -> String {
        "\(text) (\(clock.now().utcStamp))"
    }
}
