import Domain
import Glibc

/// no-di.1 that writes its process id to __PID_FILE__, then never ends. The test kills the
/// checker meanwhile: this program must not be left running on the learner's laptop.
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
        let file = fopen("__PID_FILE__", "w")
        fputs("\(getpid())\n", file)
        fclose(file)
        while !sent {}
    }

    func share(_ text: String, image: Image) throws {
        try client.post(stamped(text), image: image)
    }

    private func stamped(_ text: String) -> String {
        "\(text) (\(clock.now().utcStamp))"
    }
}
