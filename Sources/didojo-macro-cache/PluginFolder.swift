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
        guard let text = readLine(of: "real-plugin") else { return nil }
        return text.isEmpty ? nil : text
    }

    /// Starts the kept expansions over when they came from another build of the plugin than
    /// `identity` (the plugin was rebuilt since). Answers of the old build would never be
    /// used again (see `PluginIdentity`); this only keeps them from taking up the folder.
    func startOverUnlessMadeBy(_ identity: PluginIdentity) {
        let recorded = readLine(of: "plugin-identity").map { Array($0.utf8) }
        guard recorded != identity.bytes else { return }
        ExpansionStore.empty(expansions)
        let incoming = "\(path)/.plugin-identity-\(getpid())"
        guard let file = fopen(incoming, "w") else { return }
        fputs(String(decoding: identity.bytes, as: UTF8.self) + "\n", file)
        fclose(file)
        rename(incoming, "\(path)/plugin-identity")
    }

    /// Appends a line to `plugin-starts` naming the entry in `expansions/` the real plugin was
    /// started for: how often it was needed, for the checker's tests and for anyone wondering
    /// whether the cache works.
    func recordStart(for entry: String) {
        guard let file = fopen(path + "/plugin-starts", "a") else { return }
        fputs("started for \(entry)\n", file)
        fclose(file)
    }

    /// The first line of the file `name` in the folder, without its line break.
    private func readLine(of name: String) -> String? {
        guard let file = fopen("\(path)/\(name)", "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard fgets(&line, Int32(line.count), file) != nil else { return nil }
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }
}
