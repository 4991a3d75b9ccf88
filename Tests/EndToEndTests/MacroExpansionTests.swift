import DojoCore
import DojoGrading
@testable import ExerciseChecking
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

    var expansions: URL { folder.url.appendingPathComponent("caches/macro-expansions") }

    /// Checks `source` as the learner's dependency-values.1, with caches of this test's own.
    func check(_ source: String) async throws -> CheckReport {
        try await RealChecker.check(
            source, as: try #require(LessonVerificationTests.catalog.exercise(id: "dependency-values.1")), in: folder.url
        )
    }

    /// How often the real plugin was started, from the stand-in's log. Each start must be for
    /// a request whose answer was then kept (not, say, for the compiler's closing message).
    func pluginStarts() throws -> Int {
        let folders = try fileSystem.contentsOfDirectory(at: expansions)
        #expect(folders.count == 1, "one folder per macro plugin: \(folders)")
        let folder = try #require(folders.first)
        let starts = try fileSystem.text(of: folder.appendingPathComponent(MacroExpansionCache.startsFile)).split(separator: "\n")
        for start in starts {
            let entry = folder.appendingPathComponent("expansions/\(start.split(separator: " ").last ?? "")")
            #expect(fileSystem.fileExists(at: entry), "\(start): no answer was kept")
        }
        return starts.count
    }

    /// The stand-in on its own, speaking the plugin protocol (8-byte little-endian length, then
    /// the message) to a fake plugin that logs each start and writes two `{}` answers at once, so
    /// that a stand-in asking it one question too many gets an answer instead of waiting forever.
    @Test func theStandInAnswersASeenRequestItselfAndStopsAtTheCompilersEmptyMessage() throws {
        let pluginFolder = folder.url.appendingPathComponent("stand-in")
        let standIn = pluginFolder.appendingPathComponent("FakePlugin-tool")
        let program = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            .deletingLastPathComponent().appendingPathComponent(MacroExpansionCache.programName)
        let fake = folder.url.appendingPathComponent("fake-plugin")
        // Both put in place without a descriptor open for writing that a program another test
        // starts could inherit: the kernel would refuse to run them ("Text file busy").
        try ExecutableFile.writeScript("""
            echo started >> "\(folder.url.path)/fake-starts"
            printf '\\002\\000\\000\\000\\000\\000\\000\\000{}'
            printf '\\002\\000\\000\\000\\000\\000\\000\\000{}'
            cat > /dev/null
            """, to: fake)
        try FileManager.default.createDirectory(at: pluginFolder, withIntermediateDirectories: true)
        try ExecutableFile.place(program, at: standIn)
        try fileSystem.write(fake.path + "\n", to: pluginFolder.appendingPathComponent(MacroExpansionCache.realPluginFile))

        func message(_ text: String) -> Data {
            Data((0..<8).map { UInt8(truncatingIfNeeded: text.utf8.count >> (8 * $0)) } + Array(text.utf8))
        }
        /// Runs the stand-in on `input`; its exit status and everything it wrote back.
        func session(_ input: Data) throws -> (status: Int32, output: Data) {
            // The input comes from a file, not a pipe: a stand-in that ended early would make a
            // write to a pipe kill this whole test process with SIGPIPE.
            let inputFile = folder.url.appendingPathComponent("input-\(UUID().uuidString)")
            try input.write(to: inputFile)
            // Should the stand-in have been copied (the build on another file system), a child
            // another test's thread is just starting may hold the copy's write descriptor for a
            // moment, and the kernel refuses to run a file open for writing ("Text file busy").
            // That moment passes; each try gets a process of its own.
            var attempt = 0
            while true {
                attempt += 1
                let process = SpawnedProcess()
                process.executableURL = standIn
                let fromStandIn = Pipe()
                process.standardInput = try FileHandle(forReadingFrom: inputFile)
                process.standardOutput = fromStandIn
                do {
                    try process.run()
                } catch let error as SpawnedProcessError where attempt < 20 && error.code == ETXTBSY {
                    Thread.sleep(forTimeInterval: 0.1)
                    continue
                }
                let output = fromStandIn.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                return (process.terminationStatus, output)
            }
        }
        func starts() -> Int {
            ((try? fileSystem.text(of: folder.url.appendingPathComponent("fake-starts"))) ?? "").split(separator: "\n").count
        }

        // A new request starts the plugin; its answer goes back and is kept.
        let first = try session(message("hello") + Data(count: 8))
        #expect(first.status == 0)
        #expect(first.output == message("{}"))
        #expect(starts() == 1)

        // The same request again is answered by the stand-in. The empty message after it is the
        // compiler saying it is done: no request, so no plugin is started for it.
        let again = try session(message("hello") + Data(count: 8))
        #expect(again.status == 0)
        #expect(again.output == message("{}"))
        #expect(starts() == 1)
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
