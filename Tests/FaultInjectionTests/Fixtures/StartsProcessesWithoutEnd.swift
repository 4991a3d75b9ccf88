import Domain
import Foundation
import Glibc

/// no-di.1 whose "notifier" starts one helper after another, each in a session of its own,
/// and never stops them: a fork bomb. Its loop gives up after 2000 helpers, or when no more
/// can be started; then `share` fails, with what the shell said. The test replaces
/// __MARKER__ with a unique `sleep` duration, __RECORD__ with a file that gets what the shell
/// said and its exit status, and __AS_NOBODY__ with `setpriv --reuid=65534 --regid=65534
/// --clear-groups` when it runs as root (the kernel does not apply the process limit to root),
/// or with nothing.
final class SocialPresenter {
    private let client: any SocialPostOutput
    private let clock = SystemClock()

    init(network: SocialNetwork = .twitter) {
        switch network {
        case .twitter: client = TwitterClient()
        case .facebook: client = FacebookClient()
        }
    }

    struct NotifierFailed: Error, CustomStringConvertible {
        let description: String
    }

    func share(_ text: String) throws {
        try notify()
        try client.post(stamped(text))
    }

    func share(_ text: String, image: Image) throws {
        try notify()
        try client.post(stamped(text), image: image)
    }

    private func notify() throws {
        let loop = #"i=0; while [ $i -lt 2000 ]; do setsid sleep __MARKER__ & i=$((i + 1)); done; echo "started $i" >&2"#
        let script = "__AS_NOBODY__ sh -c '\(loop)' </dev/null >/dev/null 2>__RECORD__; echo \"status $?\" >>__RECORD__"
        var pid: pid_t = 0
        let words = ["/bin/sh", "-c", script]
        var arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        posix_spawn(&pid, "/bin/sh", nil, nil, &arguments, environ)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        let said = (try? String(contentsOfFile: "__RECORD__", encoding: .utf8)) ?? ""
        guard said.contains("status 0") else {
            throw NotifierFailed(description: "the notifier failed: \(said)")
        }
    }

    private func stamped(_ text: String) -> String {
        "\(text) (\(clock.now().utcStamp))"
    }
}
