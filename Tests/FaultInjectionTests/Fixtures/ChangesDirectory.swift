import Domain
import Foundation

/// no-di.1 that moves to the root folder to "find the timeline" and stays there.
final class SocialPresenter {
    private let network: SocialNetwork
    private let client = TwitterClient()
    private let clock = SystemClock()

    init(network: SocialNetwork = .twitter) {
        self.network = network
        _ = FileManager.default.changeCurrentDirectoryPath("/")
    }

    func share(_ text: String) throws {
        try client.post(stamped(text))
    }

    func share(_ text: String, image: Image) throws {
        try client.post(stamped(text), image: image)
    }

    private func stamped(_ text: String) -> String {
        "\(text) (\(clock.now().utcStamp))"
    }
}
