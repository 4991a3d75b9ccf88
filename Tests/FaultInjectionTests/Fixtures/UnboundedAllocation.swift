import Domain

/// no-di.1 with a draft that keeps doubling: the loop's end condition can never be met.
final class SocialPresenter {
    private let network: SocialNetwork
    private let client = TwitterClient()
    private let clock = SystemClock()

    init(network: SocialNetwork = .twitter) {
        self.network = network
    }

    func share(_ text: String) throws {
        // "Pad the text to exactly 280 bytes" — doubling never lands on 280.
        var draft = text
        while draft.utf8.count != 280 {
            draft += draft
        }
        try client.post(stamped(draft))
    }

    func share(_ text: String, image: Image) throws {
        try client.post(stamped(text), image: image)
    }

    private func stamped(_ text: String) -> String {
        "\(text) (\(clock.now().utcStamp))"
    }
}
