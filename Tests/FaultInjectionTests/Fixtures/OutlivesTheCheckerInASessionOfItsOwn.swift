import Domain
import Foundation

/// no-di.1 that starts a "notifier" in a session of its own (`setsid`), writes its own process
/// id to __PID_FILE__, then never ends. The test kills the checker meanwhile: neither this
/// program nor the notifier, which nothing in this program's process group reaches, may be
/// left running. The test replaces __MARKER__ with a unique `sleep` duration.
final class SocialPresenter {
    private let client: any SocialPostOutput
    private let clock = SystemClock()
    private var sent = false

    init(network: SocialNetwork = .twitter) {
        switch network {
        case .twitter: client = TwitterClient()
        case .facebook: client = FacebookClient()
        }
    }

    func share(_ text: String) throws {
        try client.post(stamped(text))
        let notifier = Process()
        notifier.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
        notifier.arguments = ["/bin/sleep", "__MARKER__"]
        try notifier.run()
        try "\(getpid())\n".write(toFile: "__PID_FILE__", atomically: true, encoding: .utf8)
        while !sent {}
    }

    func share(_ text: String, image: Image) throws {
        try client.post(stamped(text), image: image)
    }

    private func stamped(_ text: String) -> String {
        "\(text) (\(clock.now().utcStamp))"
    }
}
