import Domain

/// no-di.1 with a table of clients that forgot Facebook, force-unwrapped.
final class SocialPresenter {
    private let network: SocialNetwork
    private let clients: [SocialNetwork: any SocialPostOutput] = [.twitter: TwitterClient()]
    private let clock = SystemClock()

    init(network: SocialNetwork = .twitter) {
        self.network = network
    }

    func share(_ text: String) throws {
        try clients[network]!.post(stamped(text))
    }

    func share(_ text: String, image: Image) throws {
        try clients[network]!.post(stamped(text), image: image)
    }

    private func stamped(_ text: String) -> String {
        "\(text) (\(clock.now().utcStamp))"
    }
}
