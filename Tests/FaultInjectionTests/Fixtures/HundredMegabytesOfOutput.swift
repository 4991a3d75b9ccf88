import Domain

/// no-di.1 with a debugging print left in: 20 MB per post, about 100 MB over the checks.
final class SocialPresenter {
    private let network: SocialNetwork
    private let client = TwitterClient()
    private let clock = SystemClock()

    init(network: SocialNetwork = .twitter) {
        self.network = network
    }

    func share(_ text: String) throws {
        debugDump(text)
        try client.post(stamped(text))
    }

    func share(_ text: String, image: Image) throws {
        debugDump(text)
        try client.post(stamped(text), image: image)
    }

    private func debugDump(_ text: String) {
        let line = "share(\(text)) on \(network): " + String(repeating: ".", count: 999)
        for _ in 0..<20_000 { print(line.prefix(1000)) }
    }

    private func stamped(_ text: String) -> String {
        "\(text) (\(clock.now().utcStamp))"
    }
}
