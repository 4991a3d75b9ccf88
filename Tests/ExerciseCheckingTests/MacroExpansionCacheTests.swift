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

        let folder = expansionCache().pluginFolder(for: plugin)
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

    /// The stand-in itself tells one build of the plugin from the next (see its
    /// `PluginIdentity`), so the folder stays: a shell that set it up before a rebuild still
    /// finds it afterwards.
    @Test func aRebuiltPluginKeepsItsFolder() throws {
        try fileSystem.write("plugin", to: plugin)
        try fileSystem.write("stand-in", to: program)
        try fileSystem.setModificationDate(Date(timeIntervalSince1970: 1_000), of: plugin)
        let before = try #require(expansionCache().routing(products).macroPlugins.first)

        try fileSystem.setModificationDate(Date(timeIntervalSince1970: 2_000), of: plugin)
        let after = try #require(expansionCache().routing(products).macroPlugins.first)
        #expect(after == before)
        #expect(fileSystem.fileExists(at: after))
    }

    @Test func aRebuiltStandInReplacesTheCopyInTheSameFolder() throws {
        try fileSystem.write("plugin", to: plugin)
        try fileSystem.write("stand-in, first build", to: program)
        try fileSystem.setModificationDate(Date(timeIntervalSince1970: 1_000), of: program)
        let first = try #require(expansionCache().routing(products).macroPlugins.first)

        try fileSystem.removeItem(at: program)
        try fileSystem.write("stand-in, second build", to: program)
        try fileSystem.setModificationDate(Date(timeIntervalSince1970: 2_000), of: program)
        let second = try #require(expansionCache().routing(products).macroPlugins.first)
        #expect(second == first)
        #expect(try fileSystem.text(of: second) == "stand-in, second build")
    }
}

/// Which `-tool` files of the build folder are macro plugins, handed to the compiler.
@Suite struct MacroPluginNamesTests {
    @Test func aMacroModulesToolIsAPluginACommandPluginsToolIsNot() {
        #expect(BuildProducts.isMacroPlugin("DependenciesMacrosPlugin-tool"))
        #expect(BuildProducts.isMacroPlugin("_CasePaths2Macros-tool"))
        // swift-argument-parser's command plugins' tools, built after a change of the manifest.
        #expect(!BuildProducts.isMacroPlugin("generate-manual-tool"))
        #expect(!BuildProducts.isMacroPlugin("generate-docc-reference-tool"))
        #expect(!BuildProducts.isMacroPlugin("DependenciesMacrosPlugin"))
        #expect(!BuildProducts.isMacroPlugin("-tool"))
        #expect(!BuildProducts.isMacroPlugin("1Plugin-tool"))
    }
}
