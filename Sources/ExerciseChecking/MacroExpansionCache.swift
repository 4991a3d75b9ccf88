import DojoCore
import ContentHash
import Foundation

/// Puts `didojo-macro-cache` in front of each macro plugin the checks compile with, so that a
/// macro expanded once (swift-dependencies' `@DependencyClient`) is not expanded again at the
/// next check. How the stand-in works, and why it pays, is in that program's main.swift.
///
/// Each plugin gets a folder of its own, named by the plugin and by when it and the stand-in
/// were built (a rebuilt plugin may expand differently, so it starts a new folder):
/// - `<plugin name>`: a copy of the stand-in, which the compiler starts instead of the plugin;
/// - `real-plugin`: the plugin's path, which the stand-in starts when it meets a new request;
/// - `expansions/`: the kept answers; `plugin-starts`: one line per start of the real plugin.
///
/// The stand-in gets its own copy because the compiler starts a plugin with no arguments and
/// no environment: its own path is all it has to find its folder by.
struct MacroExpansionCache: Sendable {
    static let programName = "didojo-macro-cache"
    static let realPluginFile = "real-plugin"
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
            moduleMaps: products.moduleMaps
        )
    }

    /// The folder of `plugin`'s stand-in, as it is set up for the plugin and program built now.
    func pluginFolder(for plugin: URL, program: URL) -> URL {
        var key = CacheKey("didojo macro plugin stand-in, version 1")
        key.add(builtFile: plugin, fileSystem: fileSystem)
        key.add(builtFile: program, fileSystem: fileSystem)
        return folder.appendingPathComponent("\(plugin.lastPathComponent)-\(ContentHash.hex(of: key.data))")
    }

    private func standIn(for plugin: URL, program: URL) -> URL? {
        let pluginFolder = pluginFolder(for: plugin, program: program)
        let standIn = pluginFolder.appendingPathComponent(plugin.lastPathComponent)
        if fileSystem.fileExists(at: standIn) { return standIn }
        do {
            removeOutdatedFolders(of: plugin, keeping: pluginFolder)
            try fileSystem.createDirectory(at: pluginFolder)
            try fileSystem.write(plugin.path + "\n", to: pluginFolder.appendingPathComponent(Self.realPluginFile))
            // Copied under another name, then moved: a compiler started by another shell at the
            // same moment finds the stand-in whole or not at all.
            let incoming = pluginFolder.appendingPathComponent(".incoming-\(UUID().uuidString)")
            try fileSystem.copyItem(at: program, to: incoming)
            if (try? fileSystem.moveItem(at: incoming, to: standIn)) == nil {
                try? fileSystem.removeItem(at: incoming)
            }
            return fileSystem.fileExists(at: standIn) ? standIn : nil
        } catch {
            return nil
        }
    }

    /// The folders made for earlier builds of `plugin`, whose expansions no longer apply.
    private func removeOutdatedFolders(of plugin: URL, keeping current: URL) {
        let prefix = plugin.lastPathComponent + "-"
        for entry in (try? fileSystem.contentsOfDirectory(at: folder)) ?? []
        where entry.lastPathComponent.hasPrefix(prefix) && entry.lastPathComponent != current.lastPathComponent {
            try? fileSystem.removeItem(at: entry)
        }
    }
}
