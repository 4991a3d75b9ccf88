import Domain
import Glibc

/// A correct no-di.1 that also starts a "notifier" at every post the way daemons do: through a
/// subshell that starts it and ends at once (a double fork), so the notifier is an orphan that
/// nothing waits for. The test replaces __MARKER__ with a unique `sleep` duration and
/// __RECORD__ with a file that gets the notifier's process id.
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
        try client.post(stamped(text))
        notify()
    }

    func share(_ text: String, image: Image) throws {
        try client.post(stamped(text), image: image)
        notify()
    }

    private func notify() {
        var pid: pid_t = 0
        let words = ["/bin/sh", "-c", "(sleep __MARKER__ </dev/null >/dev/null 2>&1 & echo $! >> __RECORD__)"]
        var arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        posix_spawn(&pid, "/bin/sh", nil, nil, &arguments, environ)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    private func stamped(_ text: String) -> String {
        "\(text) (\(clock.now().utcStamp))"
    }
}
