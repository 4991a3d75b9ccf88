import Domain

/// A correct no-di.1 with a debugging print left in: 15 MB per post, about 105 MB over the
/// checks' 7 posts. Every check passes, so only the flood itself can fail it.
final class SocialPresenter {
    private let client: any SocialPostOutput
    private let clock = SystemClock()

    init(network: SocialNetwork = .twitter) {
        switch network {
        case .twitter: client = TwitterClient()
        case .facebook: client = FacebookClient()
        }
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
        let line = "share(\(text)): " + String(repeating: ".", count: 999)
        for _ in 0..<15_000 { print(line.prefix(1000)) }
    }

    private func stamped(_ text: String) -> String {
        "\(text) (\(clock.now().utcStamp))"
    }
}
