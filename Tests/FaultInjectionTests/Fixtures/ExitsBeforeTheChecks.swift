import Domain
import Foundation

/// no-di.1 that ends the whole program, successfully, at its first post.
final class SocialPresenter {
    private let network: SocialNetwork
    private let client = TwitterClient()
    private let clock = SystemClock()

    init(network: SocialNetwork = .twitter) {
        self.network = network
    }

    func share(_ text: String) throws {
        try client.post(stamped(text))
        exit(0)
    }

    func share(_ text: String, image: Image) throws {
        try client.post(stamped(text), image: image)
        exit(0)
    }

    private func stamped(_ text: String) -> String {
        "\(text) (\(clock.now().utcStamp))"
    }
}
