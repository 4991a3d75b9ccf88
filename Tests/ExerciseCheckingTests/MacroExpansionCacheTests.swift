import DojoCore
@testable import ExerciseChecking
import DojoTestSupport
import Foundation
import Testing

/// Setting up the stand-ins for macro plugins. That a stand-in really keeps expansions, with
/// the real compiler and swift-dependencies' plugin, is in EndToEndTests' MacroExpansionTests.
struct MacroExpansionCacheTests {
    let fileSystem = InMemoryFileSystem()
    let build = URL(fileURLWithPath: "/repo/.build/debug")

    var plugin: URL { build.appendingPathComponent("DependenciesMacrosPlugin-tool") }
    var program: URL { build.appendingPathComponent(MacroExpansionCache.programName) }
    var products: BuildProducts {
        BuildProducts(modulesFolder: build.appendingPathComponent("Modules"), libraryFolder: build, macroPlugins: [plugin])
    }

    func expansionCache() -> MacroExpansionCache {
        MacroExpansionCache(folder: URL(fileURLWithPath: "/home/ann/.cache/didojo/macro-expansions"), fileSystem: fileSystem)
    }

    @Test func eachPluginIsReplacedByACopyOfTheStandInThatKnowsTheRealOne() throws {
        try fileSystem.write("plugin", to: plugin)
        try fileSystem.write("stand-in", to: program)
        let routed = expansionCache().routing(products)

        let folder = expansionCache().pluginFolder(for: plugin, program: program)
        #expect(routed.macroPlugins == [folder.appendingPathComponent("DependenciesMacrosPlugin-tool")])
        #expect(try fileSystem.text(of: routed.macroPlugins[0]) == "stand-in")
        #expect(try fileSystem.text(of: folder.appendingPathComponent(MacroExpansionCache.realPluginFile)) == plugin.path + "\n")
        // The compiler is told the same module name, which comes from the file name.
        #expect(routed.moduleFlags.contains("\(routed.macroPlugins[0].path)#DependenciesMacrosPlugin"))
        #expect(routed.modulesFolder == products.modulesFolder)
    }

    @Test func withoutTheStandInProgramThePluginsAreUsedAsTheyAre() throws {
        try fileSystem.write("plugin", to: plugin)
        #expect(expansionCache().routing(products) == products)
    }

    @Test func aRebuiltPluginStartsAFreshFolderAndTheOldOneGoes() throws {
        try fileSystem.write("plugin", to: plugin)
        try fileSystem.write("stand-in", to: program)
        try fileSystem.setModificationDate(Date(timeIntervalSince1970: 1_000), of: plugin)
        let old = try #require(expansionCache().routing(products).macroPlugins.first).deletingLastPathComponent()
        try fileSystem.write("kept", to: old.appendingPathComponent("expansions/1234"))

        try fileSystem.setModificationDate(Date(timeIntervalSince1970: 2_000), of: plugin)
        let new = try #require(expansionCache().routing(products).macroPlugins.first).deletingLastPathComponent()
        #expect(new != old)
        #expect(!fileSystem.directoryExists(at: old))
        #expect(fileSystem.fileExists(at: new.appendingPathComponent("DependenciesMacrosPlugin-tool")))
    }
}
