import DojoCore
import Foundation

/// Where SwiftPM put the compiled lesson modules that exercises are compiled against.
struct BuildProducts: Sendable, Equatable, Codable {
    /// Holds `Domain.swiftmodule` and the lesson modules (passed to swiftc as `-I`).
    let modulesFolder: URL
    /// Holds `libDIDojoLessons.so` (passed as `-L`, and as the run-time search path).
    let libraryFolder: URL
    static let libraryName = "DIDojoLessons"
    /// Macro plugins built by SwiftPM (`<Module>-tool`), e.g. swift-dependencies'
    /// `DependenciesMacrosPlugin-tool`, which exercises using `@DependencyClient` need.
    let macroPlugins: [URL]
    /// Module maps of the C targets in the build: a Swift module built against a C module
    /// cannot be imported unless clang can find that C module too.
    let moduleMaps: [URL]
    /// The lesson library without swift-dependencies, which most checks load instead (see
    /// `LeanLessonLibrary`); nil when the build has none: then every check loads `library`.
    let leanLibrary: LeanLessonLibrary?

    init(
        modulesFolder: URL, libraryFolder: URL, macroPlugins: [URL] = [], moduleMaps: [URL] = [],
        leanLibrary: LeanLessonLibrary? = nil
    ) {
        self.modulesFolder = modulesFolder
        self.libraryFolder = libraryFolder
        self.macroPlugins = macroPlugins
        self.moduleMaps = moduleMaps
        self.leanLibrary = leanLibrary
    }

    /// The compiler flags that make the lesson modules importable: the modules, their C
    /// modules and their macros.
    var moduleFlags: [String] {
        var flags = ["-I", modulesFolder.path]
        for map in moduleMaps {
            flags += ["-Xcc", "-fmodule-map-file=\(map.path)"]
        }
        for plugin in macroPlugins {
            let module = plugin.lastPathComponent.replacingOccurrences(of: "-tool", with: "")
            flags += ["-load-plugin-executable", "\(plugin.path)#\(module)"]
        }
        return flags
    }

    /// The linker flags that link a program with the lesson library and let it find the
    /// library again at run time (rpath).
    var linkFlags: [String] {
        ["-L", libraryFolder.path, "-l\(Self.libraryName)", "-Xlinker", "-rpath", "-Xlinker", libraryFolder.path]
    }

    /// The libraries `linkFlags` names (`-lNAME`).
    var libraryNames: Set<String> { [Self.libraryName] }

    /// The library itself, whose modification date tells when the lessons were rebuilt.
    var library: URL {
        libraryFolder.appendingPathComponent("lib\(Self.libraryName).so")
    }

    /// The lesson library a program that runs code importing `imported` loads: the lean one
    /// when it serves them all, else the whole one.
    func library(forImports imported: Set<String>, fileSystem: any FileSystem) -> URL {
        guard let leanLibrary else { return library }
        let served = leanLibrary.serves(imported) { module in
            fileSystem.fileExists(at: modulesFolder.appendingPathComponent("\(module).swiftmodule"))
        }
        return served ? leanLibrary.file : library
    }

    /// The program that runs a check's tests (see didojo-test-host), built beside the library.
    var testHost: URL {
        libraryFolder.appendingPathComponent(Self.testHostName)
    }

    static let testHostName = "didojo-test-host"

    /// The products next to the running executable, as `beside(executable:fileSystem:)` finds
    /// them, kept in `cache` until the build folder changes: listing the folder's hundreds of
    /// entries is a tenth of a command-line check's own work. Every build that links a product
    /// writes into that folder (the linker's file is renamed into place), which changes its
    /// date, and so does a new C module's folder; the lesson library's date is in the key too.
    static func beside(executable: URL, fileSystem: any FileSystem, cache: CompiledStepCache) throws -> BuildProducts {
        let folder = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        var key = CacheKey("didojo build products, version 3")
        key.add(builtFile: folder, fileSystem: fileSystem)
        key.add(builtFile: folder.appendingPathComponent("lib\(libraryName).so"), fileSystem: fileSystem)
        key.add(builtFile: folder.appendingPathComponent("lib\(LeanLessonLibrary.name).so"), fileSystem: fileSystem)
        key.add(builtFile: folder.appendingPathComponent(testHostName), fileSystem: fileSystem)
        if let kept = cache.value(BuildProducts.self, for: key) { return kept }
        let found = try beside(executable: executable, fileSystem: fileSystem)
        cache.store(found, for: key)
        return found
    }

    /// Whether a file of the build folder named `name` is a macro plugin, `<Module>-tool`. The
    /// tools of command plugins are named `<product>-tool` too (swift-argument-parser's
    /// `generate-manual-tool`, built when the manifest changed), and are no plugin of the
    /// compiler's: a macro's module is a Swift identifier, a product's name most often is not.
    static func isMacroPlugin(_ name: String) -> Bool {
        guard name.hasSuffix("-tool") else { return false }
        let module = name.dropLast("-tool".count)
        guard let first = module.first, first.isLetter || first == "_" else { return false }
        return module.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }

    /// The products next to the running executable (`.build/debug/didojo`), which is where
    /// `swift build` puts both. Newer SwiftPM keeps modules in `Modules/`; older ones, beside.
    static func beside(executable: URL, fileSystem: any FileSystem) throws -> BuildProducts {
        let folder = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        let library = folder.appendingPathComponent("lib\(libraryName).so")
        guard fileSystem.fileExists(at: library), fileSystem.fileExists(at: folder.appendingPathComponent(testHostName)) else {
            throw DojoError.buildProductsNotFound(folder: folder.path)
        }
        let modules = folder.appendingPathComponent("Modules")
        let entries = (try? fileSystem.contentsOfDirectory(at: folder)) ?? []
        let plugins = entries.filter { isMacroPlugin($0.lastPathComponent) && fileSystem.fileExists(at: $0) }
        let moduleMaps = entries
            .filter { $0.pathExtension == "build" }
            .map { $0.appendingPathComponent("module.modulemap") }
            .filter { fileSystem.fileExists(at: $0) }
        return BuildProducts(
            modulesFolder: fileSystem.directoryExists(at: modules) ? modules : folder,
            libraryFolder: folder, macroPlugins: plugins, moduleMaps: moduleMaps,
            leanLibrary: LeanLessonLibrary.find(in: folder, fileSystem: fileSystem)
        )
    }
}
