import DojoCore
@testable import ExerciseChecking
import DojoTestSupport
import Foundation
import Testing

/// The lesson modules beside the executable are listed once per build, not at every check:
/// the answer is kept until the build folder changes.
@Suite struct BuildProductsCacheTests {
    /// A build folder with the lesson library, the program that runs the checks, one C module
    /// and one macro plugin.
    func buildFolder(in folder: TemporaryFolder) throws -> URL {
        let build = folder.url.appendingPathComponent("debug")
        let fileSystem = LocalFileSystem()
        try fileSystem.write("", to: build.appendingPathComponent("lib\(BuildProducts.libraryName).so"))
        try fileSystem.write("", to: build.appendingPathComponent(BuildProducts.testHostName))
        try fileSystem.write("", to: build.appendingPathComponent("didojo"))
        try fileSystem.write("module CFirst {}", to: build.appendingPathComponent("CFirst.build/module.modulemap"))
        try fileSystem.write("", to: build.appendingPathComponent("FirstMacros-tool"))
        return build
    }

    @Test func aBuildWithoutTheProgramThatRunsTheChecksSaysHowToBuildIt() throws {
        let folder = try TemporaryFolder("build-products-cache")
        let build = try buildFolder(in: folder)
        try LocalFileSystem().removeItem(at: build.appendingPathComponent(BuildProducts.testHostName))
        let error = try #require(throws: DojoError.self) {
            try BuildProducts.beside(executable: build.appendingPathComponent("didojo"), fileSystem: LocalFileSystem())
        }
        #expect(error == .buildProductsNotFound(folder: build.path))
        #expect(error.errorDescription?.contains("the program that runs the checks") == true && error.errorDescription?.contains("./start.sh") == true)
    }

    @Test func theListingIsKeptUntilTheBuildFolderChanges() throws {
        let folder = try TemporaryFolder("build-products-cache")
        let build = try buildFolder(in: folder)
        let cache = CompiledStepCache(folder: folder.url.appendingPathComponent("cache"), fileSystem: LocalFileSystem(), timeSource: SystemTimeSource())
        let executable = build.appendingPathComponent("didojo")
        // A date in whole seconds, which the file system keeps exactly.
        let dated = Date(timeIntervalSince1970: 1_700_000_000)
        try LocalFileSystem().setModificationDate(dated, of: build)
        let first = try BuildProducts.beside(executable: executable, fileSystem: LocalFileSystem(), cache: cache)
        #expect(first.moduleMaps.map(\.lastPathComponent) == ["module.modulemap"])
        #expect(first.macroPlugins.map(\.lastPathComponent) == ["FirstMacros-tool"])

        // Kept: with the plugin gone but the folder's date put back, the answer is the kept one
        // (nothing listed the folder again).
        try LocalFileSystem().removeItem(at: build.appendingPathComponent("FirstMacros-tool"))
        try LocalFileSystem().setModificationDate(dated, of: build)
        #expect(try BuildProducts.beside(executable: executable, fileSystem: LocalFileSystem(), cache: cache) == first)

        // A build that adds a C module changes the folder: listed again.
        Thread.sleep(forTimeInterval: 0.01)
        try LocalFileSystem().write("module CSecond {}", to: build.appendingPathComponent("CSecond.build/module.modulemap"))
        let second = try BuildProducts.beside(executable: executable, fileSystem: LocalFileSystem(), cache: cache)
        #expect(second.moduleMaps.count == 2)
        #expect(second.macroPlugins.isEmpty)
        #expect(second == (try BuildProducts.beside(executable: executable, fileSystem: LocalFileSystem())))
    }
}
