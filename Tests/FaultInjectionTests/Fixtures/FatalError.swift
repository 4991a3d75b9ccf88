import Domain

/// no-di.1 with the Facebook branch left for later.
final class SocialPresenter {
    private let network: SocialNetwork
    private let client = TwitterClient()
    private let clock = SystemClock()

    init(network: SocialNetwork = .twitter) {
        self.network = network
    }

    func share(_ text: String) throws {
        switch network {
        case .twitter: try client.post(stamped(text))
        case .facebook: fatalError("TODO: post to Facebook")
        }
    }

    func share(_ text: String, image: Image) throws {
        switch network {
        case .twitter: try client.post(stamped(text), image: image)
        case .facebook: fatalError("TODO: post pictures to Facebook")
        }
    }

    private func stamped(_ text: String) -> String {
        "\(text) (\(clock.now().utcStamp))"
    }
}
