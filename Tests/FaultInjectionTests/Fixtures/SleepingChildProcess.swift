import Domain
import Glibc

/// no-di.1 that starts a "notification" in the background and never waits for it. The test
/// replaces __PID_FILE__ with where the background process's id is written.
final class SocialPresenter {
    private let network: SocialNetwork
    private let client = TwitterClient()
    private let clock = SystemClock()

    init(network: SocialNetwork = .twitter) {
        self.network = network
    }

    func share(_ text: String) throws {
        try client.post(stamped(text))
        notifyInBackground()
    }

    func share(_ text: String, image: Image) throws {
        try client.post(stamped(text), image: image)
    }

    private func notifyInBackground() {
        var pid: pid_t = 0
        let words = ["/bin/sh", "-c", "sleep 300 & echo $! >> __PID_FILE__"]
        var arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        posix_spawn(&pid, "/bin/sh", nil, nil, &arguments, environ)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    private func stamped(_ text: String) -> String {
        "\(text) (\(clock.now().utcStamp))"
    }
}
