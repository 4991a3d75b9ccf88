import ContentHash
import Glibc

/// Kept answers of the real plugin, one file per request: the request's length (8 bytes,
/// little-endian), the request as filed (the plugin build's identity, then the request in its
/// `CanonicalRequest` form), then the answer. A file is used only when the whole request
/// matches byte for byte, so a hash collision can never hand back another expansion, and an
/// answer of another build of the plugin is never handed back at all.
struct ExpansionStore {
    let folder: String
    /// The build of the real plugin that answers now.
    let plugin: PluginIdentity
    /// Past this many kept answers the store starts over. A learner's edits make a few new
    /// ones per check; this keeps the folder to a few megabytes.
    static let limit = 2000

    func response(to asked: [UInt8]) -> [UInt8]? {
        let request = filed(asked)
        guard let contents = Self.readFile(entryPath(for: request)), contents.count >= 8 else { return nil }
        let length = MessageChannel.length(inHeader: contents[...])
        guard contents.count >= 8 + length, contents[8..<(8 + length)].elementsEqual(request) else { return nil }
        return Array(contents[(8 + length)...])
    }

    /// Keeps `response` for `request`. Written to a file of its own first and then renamed,
    /// so that another compile reading at the same moment sees the whole entry or none.
    func keep(_ response: [UInt8], for asked: [UInt8]) {
        let request = filed(asked)
        mkdir(folder, 0o755)
        if Self.count(in: folder) >= Self.limit { Self.empty(folder) }
        let header = MessageChannel.header(forLength: request.count)
        let entry = entryPath(for: request)
        let incoming = "\(folder)/.incoming-\(getpid())"
        guard Self.writeFile(incoming, header + request + response) else {
            unlink(incoming)
            return
        }
        rename(incoming, entry)
    }

    /// The name of the file that keeps the answer to `asked`.
    func entryName(for asked: [UInt8]) -> String {
        ContentHash.hex(of: filed(asked))
    }

    /// A request as it is filed: the same for two requests that ask the same of the same build.
    private func filed(_ asked: [UInt8]) -> [UInt8] {
        plugin.bytes + [0] + CanonicalRequest.of(asked)
    }

    private func entryPath(for filedRequest: [UInt8]) -> String {
        "\(folder)/\(ContentHash.hex(of: filedRequest))"
    }

    private static func readFile(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let got = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { return nil }
            if got == 0 { return bytes }
            bytes += chunk[..<got]
        }
    }

    private static func writeFile(_ path: String, _ bytes: [UInt8]) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return MessageChannel.writeAll(bytes, to: descriptor)
    }

    private static func count(in folder: String) -> Int {
        guard let directory = opendir(folder) else { return 0 }
        defer { closedir(directory) }
        var count = 0
        while readdir(directory) != nil { count += 1 }
        return count
    }

    /// Removes every kept answer.
    static func empty(_ folder: String) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { unlink("\(folder)/\(name)") }
        }
    }
}
