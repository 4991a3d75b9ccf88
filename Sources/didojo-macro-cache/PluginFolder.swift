import ContentHash
import Glibc

/// The folder the checker set up for one plugin (see `main.swift`): where this program's copy
/// lives, the real plugin's path, the kept expansions and a log of real plugin starts.
struct PluginFolder {
    let path: String

    init(program: String) {
        path = program.lastIndex(of: "/").map { String(program[..<$0]) } ?? "."
    }

    var expansions: String { path + "/expansions" }

    /// The real plugin's path, from the `real-plugin` file the checker wrote.
    func realPluginPath() -> String? {
        guard let file = fopen(path + "/real-plugin", "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard fgets(&line, Int32(line.count), file) != nil else { return nil }
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let trimmed = text.hasSuffix("\n") ? String(text.dropLast()) : text
        return trimmed.isEmpty ? nil : trimmed
    }

    /// Appends a line to `plugin-starts` naming the request the real plugin was started for
    /// (its entry in `expansions/`): how often it was needed, for the checker's tests and for
    /// anyone wondering whether the cache works.
    func recordStart(for request: [UInt8]) {
        guard let file = fopen(path + "/plugin-starts", "a") else { return }
        fputs("started for \(ContentHash.hex(of: CanonicalRequest.of(request)))\n", file)
        fclose(file)
    }
}
