import Foundation

/// A class server's address as a learner types it: `http://host:port`, or just `host:port`.
enum ClassAddress {
    static func parse(_ text: String) -> URL? {
        var text = text.trimmingCharacters(in: .whitespaces)
        if !text.contains("://") { text = "http://" + text }
        while text.hasSuffix("/") { text.removeLast() }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty, url.path.isEmpty || url.path == "/", url.query == nil
        else { return nil }
        return url
    }
}
