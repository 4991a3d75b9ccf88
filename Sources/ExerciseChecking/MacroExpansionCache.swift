import DojoCore
import ContentHash
import Foundation

/// Puts `didojo-macro-cache` in front of each macro plugin the checks compile with, so that a
/// macro expanded once (swift-dependencies' `@DependencyClient`) is not expanded again at the
/// next check. How the stand-in works, and why it pays, is in that program's main.swift.
///
/// Each plugin gets a folder of its own, named by the plugin's path, so that two checkouts on
/// one machine (an instructor's and a learner's, or a fresh clone beside an old one) each have
/// their own and never remove or redirect the other's:
/// - `<plugin name>`: a copy of the stand-in, which the compiler starts instead of the plugin;
/// - `real-plugin`: the plugin's path, which the stand-in starts when it meets a new request;
/// - `stand-in-source`: which build of the stand-in the copy was made from;
/// - `expansions/`: the kept answers; `plugin-starts`: one line per start of the real plugin;
///   `plugin-identity`: the plugin build the answers came from (kept by the stand-in, which
///   starts over when the plugin is rebuilt: see its `PluginIdentity`).
///
/// The folder stays where it is across rebuilds, so a shell that set it up before a rebuild
/// still finds it afterwards. Folders of plugins whose build folder is gone (a checkout moved
/// or deleted) are removed when a folder is set up.
///
/// The stand-in gets its own copy because the compiler starts a plugin with no arguments and
/// no environment: its own path is all it has to find its folder by.
struct MacroExpansionCache: Sendable {
    static let programName = "didojo-macro-cache"
    static let realPluginFile = "real-plugin"
    static let standInSourceFile = "stand-in-source"
    static let startsFile = "plugin-starts"

    /// Where the plugins' folders are made, e.g. `~/.cache/didojo/macro-expansions`.
    let folder: URL
    private let fileSystem: any FileSystem

    init(folder: URL, fileSystem: any FileSystem) {
        self.folder = folder
        self.fileSystem = fileSystem
    }

    /// `products` with each macro plugin replaced by its stand-in. A plugin whose stand-in
    /// cannot be set up (the program is not built, the cache folder is read-only) is left as
    /// it is: checks then expand its macros every time, which is slower but the same.
    func routing(_ products: BuildProducts) -> BuildProducts {
        let program = products.libraryFolder.appendingPathComponent(Self.programName)
        guard !products.macroPlugins.isEmpty, fileSystem.fileExists(at: program) else { return products }
        return BuildProducts(
            modulesFolder: products.modulesFolder, libraryFolder: products.libraryFolder,
            macroPlugins: products.macroPlugins.map { standIn(for: $0, program: program) ?? $0 },
            moduleMaps: products.moduleMaps, leanLibrary: products.leanLibrary
        )
    }

    /// The folder of `plugin`'s stand-in: one per plugin path, whatever its build.
    func pluginFolder(for plugin: URL) -> URL {
        // Not tied to this didojo build: every build, and every program that checks (the tests
        // too), must find the same folder for the same plugin.
        var key = CacheKey(independentOfBuild: "didojo macro plugin stand-in, version 2")
        key.add(plugin.path)
        return folder.appendingPathComponent("\(plugin.lastPathComponent)-\(ContentHash.hex(of: key.data))")
    }

    private func standIn(for plugin: URL, program: URL) -> URL? {
        let pluginFolder = pluginFolder(for: plugin)
        let standIn = pluginFolder.appendingPathComponent(plugin.lastPathComponent)
        let sourceFile = pluginFolder.appendingPathComponent(Self.standInSourceFile)
        var source = CacheKey(independentOfBuild: "the stand-in copied")
        source.add(builtFile: program, fileSystem: fileSystem)
        if fileSystem.fileExists(at: standIn), (try? fileSystem.contents(of: sourceFile)) == source.data {
            return standIn
        }
        do {
            removeFoldersOfGoneCheckouts(keeping: pluginFolder, of: plugin)
            try fileSystem.createDirectory(at: pluginFolder)
            try fileSystem.writeReplaceable(plugin.path + "\n", to: pluginFolder.appendingPathComponent(Self.realPluginFile))
            // Copied under another name, then moved: a compiler started by another shell at the
            // same moment finds the stand-in whole. Only a rebuilt stand-in replaces a copy,
            // and for the instant between the removal and the move a compiler would not find it.
            let incoming = pluginFolder.appendingPathComponent(".incoming-\(UUID().uuidString)")
            try fileSystem.copyItem(at: program, to: incoming)
            try? fileSystem.removeItem(at: standIn)
            if (try? fileSystem.moveItem(at: incoming, to: standIn)) == nil {
                try? fileSystem.removeItem(at: incoming)
            }
            try fileSystem.writeReplaceable(source.data, to: sourceFile)
            return fileSystem.fileExists(at: standIn) ? standIn : nil
        } catch {
            return nil
        }
    }

    /// Removes the folders whose plugin's build folder is gone (a checkout moved or deleted;
    /// a checkout being rebuilt keeps its build folder), and the folders an earlier version of
    /// DIDojo made for this very plugin. Another checkout's folder is never touched.
    private func removeFoldersOfGoneCheckouts(keeping current: URL, of plugin: URL) {
        for entry in (try? fileSystem.contentsOfDirectory(at: folder)) ?? [] where entry.lastPathComponent != current.lastPathComponent {
            guard let text = try? fileSystem.text(of: entry.appendingPathComponent(Self.realPluginFile)) else { continue }
            let realPlugin = URL(fileURLWithPath: text.trimmingCharacters(in: .newlines))
            let isGone = !fileSystem.directoryExists(at: realPlugin.deletingLastPathComponent())
            let isEarlierVersion = realPlugin.path == plugin.path
            if isGone || isEarlierVersion { try? fileSystem.removeItem(at: entry) }
        }
    }
}
