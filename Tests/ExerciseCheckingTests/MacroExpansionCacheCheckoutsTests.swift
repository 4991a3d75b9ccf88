@testable import ExerciseChecking
import DojoTestSupport
import Foundation
import Testing

/// Two checkouts of DIDojo on one machine share one cache of macro expansions: each plugin
/// path has a folder of its own, which no other checkout removes or points elsewhere. That the
/// stand-ins then answer each from its own plugin is in EndToEndTests' MacroCacheCheckoutsTests.
struct MacroExpansionCacheCheckoutsTests {
    let fileSystem = InMemoryFileSystem()
    let cache = URL(fileURLWithPath: "/home/ann/.cache/didojo/macro-expansions")

    /// The build folder of a checkout at `/<name>`, with a plugin and the stand-in program.
    func checkout(_ name: String) throws -> BuildProducts {
        let build = URL(fileURLWithPath: "/\(name)/.build/debug")
        let plugin = build.appendingPathComponent("DependenciesMacrosPlugin-tool")
        try fileSystem.write("plugin of \(name)", to: plugin)
        try fileSystem.write("stand-in of \(name)", to: build.appendingPathComponent(MacroExpansionCache.programName))
        return BuildProducts(modulesFolder: build.appendingPathComponent("Modules"), libraryFolder: build, macroPlugins: [plugin])
    }

    func standIn(for products: BuildProducts) throws -> URL {
        try #require(MacroExpansionCache(folder: cache, fileSystem: fileSystem).routing(products).macroPlugins.first)
    }

    func realPlugin(of standIn: URL) throws -> String {
        try fileSystem.text(of: standIn.deletingLastPathComponent().appendingPathComponent(MacroExpansionCache.realPluginFile))
    }

    @Test func twoCheckoutsSetUpInTurnEachKeepTheirOwnStandIn() throws {
        let first = try checkout("first"), second = try checkout("second")
        // As two shells started one after the other: each sets its stand-in up once.
        let firstStandIn = try standIn(for: first)
        let secondStandIn = try standIn(for: second)
        _ = try standIn(for: first)

        #expect(firstStandIn != secondStandIn)
        #expect(fileSystem.fileExists(at: firstStandIn))
        #expect(fileSystem.fileExists(at: secondStandIn))
        #expect(try realPlugin(of: firstStandIn) == first.macroPlugins[0].path + "\n")
        #expect(try realPlugin(of: secondStandIn) == second.macroPlugins[0].path + "\n")
    }

    @Test func theFolderOfACheckoutThatIsGoneIsRemovedWhenAnotherIsSetUp() throws {
        let kept = try checkout("kept"), deleted = try checkout("deleted")
        let keptStandIn = try standIn(for: kept)
        let deletedStandIn = try standIn(for: deleted)
        try fileSystem.removeItem(at: URL(fileURLWithPath: "/deleted"))

        let newStandIn = try standIn(for: try checkout("new"))
        #expect(!fileSystem.directoryExists(at: deletedStandIn.deletingLastPathComponent()))
        #expect(fileSystem.fileExists(at: keptStandIn))
        #expect(fileSystem.fileExists(at: newStandIn))
    }

    @Test func aCheckoutWhosePluginIsBeingRebuiltKeepsItsFolder() throws {
        let rebuilding = try checkout("rebuilding")
        let rebuildingStandIn = try standIn(for: rebuilding)
        // The linker has removed the old plugin and not yet written the new one.
        try fileSystem.removeItem(at: rebuilding.macroPlugins[0])

        _ = try standIn(for: try checkout("other"))
        #expect(fileSystem.fileExists(at: rebuildingStandIn))
    }
}
