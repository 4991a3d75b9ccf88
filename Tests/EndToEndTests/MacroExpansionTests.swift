import DojoCore
import DojoTestSupport
import Foundation
import Testing

/// A check of an exercise that uses swift-dependencies' macros goes through the stand-in
/// (`didojo-macro-cache`), which starts the real macro plugin only for a request it has not
/// answered before. Real compiler, real plugin, the lesson's own exercise.
@Suite(.serialized) struct MacroExpansionTests {
    let folder: TemporaryFolder
    let fileSystem = LocalFileSystem()

    init() throws {
        folder = try TemporaryFolder("macro-expansions")
    }

    var expansions: URL { folder.url.appendingPathComponent("macro-expansions") }

    /// Checks `source` as the learner's dependency-values.1, with caches of this test's own.
    func check(_ source: String) async throws -> CheckReport {
        let exercise = try #require(LessonVerificationTests.catalog.exercise(id: "dependency-values.1"))
        let file = folder.url.appendingPathComponent("learner/\(exercise.fileName)")
        try fileSystem.write(source, to: file)
        return try await RealChecker.make(
            scratch: folder.url.appendingPathComponent("scratch"), stepCache: folder.url.appendingPathComponent("steps"),
            macroExpansions: expansions
        ).check(exercise, source: file)
    }

    /// How often the real plugin was started, from the stand-in's log.
    func pluginStarts() throws -> Int {
        let folders = try fileSystem.contentsOfDirectory(at: expansions)
        #expect(folders.count == 1, "one folder per macro plugin: \(folders)")
        let log = try fileSystem.text(of: try #require(folders.first).appendingPathComponent(MacroExpansionCache.startsFile))
        return log.split(separator: "\n").count
    }

    @Test func theRealPluginStartsOnlyForCodeItHasNotExpandedBefore() async throws {
        let exercise = try #require(LessonVerificationTests.catalog.exercise(id: "dependency-values.1"))
        let solution = try fileSystem.text(of: exercise.solution)

        #expect(try await check(solution).outcome == .passed)
        #expect(try pluginStarts() == 1)

        // An edit after the struct (here a comment at the end) leaves every request as it was:
        // the expansions come from the stand-in, and the check still passes on them.
        #expect(try await check(solution + "\n// done\n").outcome == .passed)
        #expect(try pluginStarts() == 1)

        // A line above it moves the struct, so the requests (which say where the code is) are new.
        #expect(try await check("// first try\n" + solution).outcome == .passed)
        #expect(try pluginStarts() == 2)
    }
}
