import Domain
import Foundation

/// A correct no-di.1 that also starts a "notifier" with Foundation's `Process` at every post
/// and never waits for it; `Process` gives its child a process group of its own. The test
/// replaces __MARKER__ with a unique `sleep` duration and __RECORD__ with a file that gets the
/// notifier's process id.
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
        try notify()
    }

    func share(_ text: String, image: Image) throws {
        try client.post(stamped(text), image: image)
        try notify()
    }

    private func notify() throws {
        let notifier = Process()
        notifier.executableURL = URL(fileURLWithPath: "/bin/sleep")
        notifier.arguments = ["__MARKER__"]
        try notifier.run()
        let record = FileHandle(forWritingAtPath: "__RECORD__")
        record?.seekToEndOfFile()
        record?.write("\(notifier.processIdentifier)\n".data(using: .utf8)!)
        record?.closeFile()
    }

    private func stamped(_ text: String) -> String {
        "\(text) (\(clock.now().utcStamp))"
    }
}
