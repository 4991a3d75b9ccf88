import Domain

/// no-di.1 that asks for confirmation on standard input before posting.
final class SocialPresenter {
    private let network: SocialNetwork
    private let client = TwitterClient()
    private let clock = SystemClock()

    init(network: SocialNetwork = .twitter) {
        self.network = network
    }

    func share(_ text: String) throws {
        print("Post \"\(text)\" to \(network.displayName)? [y/N]")
        guard readLine() == "y" else { return }
        try client.post(stamped(text))
    }

    func share(_ text: String, image: Image) throws {
        print("Post \"\(text)\" with a picture to \(network.displayName)? [y/N]")
        guard readLine() == "y" else { return }
        try client.post(stamped(text), image: image)
    }

    private func stamped(_ text: String) -> String {
        "\(text) (\(clock.now().utcStamp))"
    }
}
