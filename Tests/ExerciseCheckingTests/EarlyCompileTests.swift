import ChildProcess
import DojoCore
import DojoTestSupport
@testable import ExerciseChecking
import Foundation
import Synchronization
import Testing

/// The compile `didojo check ID` starts before it has loaded the lesson (see `EarlyCompile`),
/// from the recipe of the exercise's last check (`EarlyCompileRecipe`): taken over only when it
/// is exactly the compile the check needs, on the files as they were; stopped otherwise. With a
/// compiler stand-in the test holds and lets go, on real files. The limits are generous: beside
/// the whole suite, a test's tasks waited up to 100 s for the cooperative pool in CI.
@Suite(.timeLimit(.minutes(10))) struct EarlyCompileTests {
    /// A compiler that waits until the test lets it go, then writes its object into its working
    /// folder and names that folder in its message, as the real one does.
    final class HeldCompiler: ProcessLaunching, Sendable {
        private struct State {
            var requests: [ChildProcessRequest] = []
            var released = false
            var cancelled = 0
        }

        private let state = Mutex(State())

        var requests: [ChildProcessRequest] { state.withLock { $0.requests } }
        var cancelled: Int { state.withLock { $0.cancelled } }
        func release() { state.withLock { $0.released = true } }

        func run(_ request: ChildProcessRequest) async throws -> ChildProcessResult {
            state.withLock { $0.requests.append(request) }
            while !state.withLock({ $0.released }) {
                if Task.isCancelled {
                    state.withLock { $0.cancelled += 1 }
                    return ChildProcessResult(termination: .signaled(9), cancelled: true)
                }
                try? await Task.sleep(for: .milliseconds(5))
            }
            let folder = URL(fileURLWithPath: request.workingDirectory ?? "/nonexistent")
            try Data("object".utf8).write(to: folder.appendingPathComponent("Exercise.o"))
            return ChildProcessResult(termination: .exited(0), standardError: "\(folder.path)/Reexports.swift:1:1: warning: made here")
        }
    }

    /// A workspace with the learner's file, a cache of recipes and a scratch folder, all real.
    struct Setting {
        let root: TemporaryFolder
        let learnerFile: URL
        let recipes: URL
        let scratch: URL
        let fileSystem = LocalFileSystem()

        init() throws {
            root = try TemporaryFolder("early-compile")
            learnerFile = root.url.appendingPathComponent("workspace/Timeline.swift")
            recipes = root.url.appendingPathComponent("cache/early-compile")
            scratch = root.url.appendingPathComponent("scratch")
            try fileSystem.write("let posted = 1\n", to: learnerFile)
            try fileSystem.createDirectory(at: scratch)
        }

        /// The compile of the learner's file in `folder` (a check's), its re-exports made there.
        func compile(in folder: URL, flag: String = "-Onone") throws -> (request: ChildProcessRequest, inputs: [URL]) {
            let reexports = folder.appendingPathComponent("Reexports.swift")
            try fileSystem.write("@_exported import Domain\n", to: reexports)
            var request = ChildProcessRequest(
                executable: "/usr/bin/swift-frontend",
                arguments: ["-frontend", "-c", learnerFile.path, reexports.path, flag, "-o", folder.appendingPathComponent("Exercise.o").path],
                environment: ["PATH": "/usr/bin"], workingDirectory: folder.path, timeout: .seconds(180))
            request.reportedEnd = ParseableCompilerOutput.reportedEnd
            return (request, [learnerFile, reexports])
        }

        func recipe(_ compile: (request: ChildProcessRequest, inputs: [URL]), in folder: URL) throws -> EarlyCompileRecipe {
            try #require(EarlyCompileRecipe(request: compile.request, folder: folder, inputs: compile.inputs, fileSystem: fileSystem))
        }

        /// Keeps the recipe of a first check's compile, as that check does.
        func keepFirstChecksRecipe() throws {
            let folder = try fileSystem.makePrivateFolder(in: scratch, prefix: "first-")
            EarlyCompile.keep(try recipe(try compile(in: folder), in: folder), for: "no-di.1", in: recipes, fileSystem: fileSystem)
        }

        func start(_ compiler: HeldCompiler) -> EarlyCompile {
            EarlyCompile(
                exerciseID: "no-di.1", recipes: recipes, scratch: scratch, environment: ["PATH": "/usr/bin"], launcher: compiler,
                fileSystem: fileSystem, trace: .off)
        }

        /// The folders the early compile made (and should have removed) in the scratch folder.
        var earlyFolders: [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: scratch.path)) ?? []).filter { $0.hasPrefix("didojo-check-early-") }
        }

        /// Waits until the early compile has started its compiler.
        func started(_ compiler: HeldCompiler) async throws {
            let deadline = ContinuousClock.now + .seconds(300)
            while compiler.requests.isEmpty, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
            try #require(compiler.requests.count == 1, "the early compile started")
        }

        /// A first check's recipe kept, then the next check's early compile started on `compiler`.
        func earlyCompileStarted(on compiler: HeldCompiler) async throws -> EarlyCompile {
            try keepFirstChecksRecipe()
            let early = start(compiler)
            try await started(compiler)
            return early
        }

        /// A new check's folder.
        func checkFolder() throws -> URL {
            try fileSystem.makePrivateFolder(in: scratch, prefix: "didojo-check-")
        }

        /// What the check whose compile is `compile`, in `folder`, gets of `early`.
        func adopt(_ early: EarlyCompile, _ compile: (request: ChildProcessRequest, inputs: [URL]), in folder: URL) async throws -> ChildProcessResult? {
            await early.adopt(try recipe(compile, in: folder), environment: compile.request.environment, in: folder)
        }
    }

    @Test func theSameCompileOnTheSameFilesIsTakenOverWithItsOutputsAndMessagesInTheChecksFolder() async throws {
        let setting = try Setting()
        let compiler = HeldCompiler()
        let early = try await setting.earlyCompileStarted(on: compiler)
        let started = try #require(compiler.requests.first)
        #expect(started.arguments.contains(setting.learnerFile.path), "it compiles the learner's file where it is")
        #expect(started.workingDirectory?.contains("didojo-check-early-") == true, "in a folder of its own: \(started)")

        let folder = try setting.checkFolder()
        let compile = try setting.compile(in: folder)
        compiler.release()
        let adopted = try #require(try await setting.adopt(early, compile, in: folder))
        #expect(adopted.termination == .exited(0))
        #expect(try setting.fileSystem.text(of: folder.appendingPathComponent("Exercise.o")) == "object", "its object is in the check's folder")
        #expect(adopted.standardError == "\(folder.path)/Reexports.swift:1:1: warning: made here", "its messages name the check's folder")
        #expect(compiler.requests.count == 1, "nothing compiled twice")
        #expect(setting.earlyFolders.isEmpty, "its folder is gone: \(setting.earlyFolders)")
        await early.discard()
        #expect(compiler.cancelled == 0, "an adopted compile is not discarded")
    }

    @Test(arguments: ["another flag", "another environment", "another re-export"])
    func anotherCompileIsStoppedNotTakenOver(_ difference: String) async throws {
        let setting = try Setting()
        let compiler = HeldCompiler()
        let early = try await setting.earlyCompileStarted(on: compiler)
        let folder = try setting.checkFolder()
        var compile = try setting.compile(in: folder, flag: difference == "another flag" ? "-O" : "-Onone")
        if difference == "another environment" { compile.request.environment["SWIFT_DEBUG"] = "1" }
        if difference == "another re-export" { try setting.fileSystem.write("@_exported import Clocks\n", to: compile.inputs[1]) }

        let adopted = try await setting.adopt(early, compile, in: folder)
        #expect(adopted == nil)
        await early.discard()
        #expect(compiler.cancelled == 1, "the early compile was stopped")
        #expect(setting.earlyFolders.isEmpty, "its folder is gone: \(setting.earlyFolders)")
    }

    @Test func aFileSavedBeforeTheCheckReadsItIsNotTakenOver() async throws {
        let setting = try Setting()
        let compiler = HeldCompiler()
        let early = try await setting.earlyCompileStarted(on: compiler)
        try setting.fileSystem.write("let posted = 2\n", to: setting.learnerFile)
        let folder = try setting.checkFolder()
        let compile = try setting.compile(in: folder)

        #expect(try await setting.adopt(early, compile, in: folder) == nil)
        await early.discard()
        #expect(compiler.cancelled == 1)
        #expect(setting.earlyFolders.isEmpty)
    }

    @Test func aFileSavedWhileItCompilesIsNotTakenOver() async throws {
        let setting = try Setting()
        let compiler = HeldCompiler()
        let early = try await setting.earlyCompileStarted(on: compiler)
        let folder = try setting.checkFolder()
        let compile = try setting.compile(in: folder)
        let recipe = try setting.recipe(compile, in: folder)

        async let adopted = early.adopt(recipe, environment: compile.request.environment, in: folder)
        // Saved after the check asked for it and before the compiler ended: the compiler may
        // have read either text. (Beside the whole suite the check may only ask after this;
        // then it is refused before the compiler ends, as in the test above.)
        try await Task.sleep(for: .milliseconds(50))
        try setting.fileSystem.write("let posted = 3\n", to: setting.learnerFile)
        compiler.release()
        #expect(await adopted == nil)
        #expect(!setting.fileSystem.fileExists(at: folder.appendingPathComponent("Exercise.o")), "nothing of it is in the check's folder")
        #expect(setting.earlyFolders.isEmpty)
        await early.discard()
    }

    @Test func discardedItIsStoppedAndCannotBeTakenOverAfter() async throws {
        let setting = try Setting()
        let compiler = HeldCompiler()
        let early = try await setting.earlyCompileStarted(on: compiler)
        await early.discard()
        #expect(compiler.cancelled == 1)
        #expect(setting.earlyFolders.isEmpty)
        let folder = try setting.checkFolder()
        let compile = try setting.compile(in: folder)
        #expect(try await setting.adopt(early, compile, in: folder) == nil)
    }

    /// A check that found the learner's code compiled already: the early compile is stopped
    /// then, not when the check ends.
    @Test func stoppedSoonItEndsWithoutAnyoneWaitingAndCannotBeTakenOver() async throws {
        let setting = try Setting()
        let compiler = HeldCompiler()
        let early = try await setting.earlyCompileStarted(on: compiler)
        early.stopSoon()
        let deadline = ContinuousClock.now + .seconds(300)
        while compiler.cancelled == 0, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(compiler.cancelled == 1, "stopped before the end of the check")
        let folder = try setting.checkFolder()
        #expect(try await setting.adopt(early, try setting.compile(in: folder), in: folder) == nil)
        await early.discard()
        #expect(setting.earlyFolders.isEmpty)
    }

    @Test func withoutARecipeNothingStarts() async throws {
        let setting = try Setting()
        let compiler = HeldCompiler()
        let early = setting.start(compiler)
        let folder = try setting.checkFolder()
        let compile = try setting.compile(in: folder)
        #expect(try await setting.adopt(early, compile, in: folder) == nil)
        #expect(compiler.requests.isEmpty)
        #expect(setting.earlyFolders.isEmpty)
    }

    // MARK: The recipe

    @Test func aRecipeIsTheSameInEveryFolderAndPutsTheFolderBack() throws {
        let setting = try Setting()
        let first = try setting.fileSystem.makePrivateFolder(in: setting.scratch, prefix: "a-")
        let second = try setting.fileSystem.makePrivateFolder(in: setting.scratch, prefix: "b-")
        let compile = try setting.compile(in: second)
        let recipe = try setting.recipe(compile, in: second)
        #expect(try setting.recipe(try setting.compile(in: first), in: first) == recipe)
        #expect(!recipe.request.arguments.joined().contains(second.path), "no folder of a check in it: \(recipe.request.arguments)")
        #expect(recipe.madeFiles == ["Reexports.swift": "@_exported import Domain\n"])
        #expect(recipe.readInputs == [setting.learnerFile.path])
        #expect(recipe.request(in: second, environment: compile.request.environment) == compile.request)
        #expect(recipe.request.environment.isEmpty, "none of the user's variables is kept")
    }

    @Test func aKeptRecipeReadsBackAsItWas() throws {
        let setting = try Setting()
        let folder = try setting.fileSystem.makePrivateFolder(in: setting.scratch, prefix: "a-")
        var compile = try setting.compile(in: folder)
        compile.request.niceness = 3
        compile.request.memoryLimit = 1 << 30
        let recipe = try setting.recipe(compile, in: folder)
        let data = try #require(recipe.encoded())
        #expect(EarlyCompileRecipe(decoding: data, reportedEnds: [ParseableCompilerOutput.reportedEnd]) == recipe)
        #expect(EarlyCompileRecipe(decoding: data, reportedEnds: []) == nil, "a reported end this build does not know")
    }

    @Test func aTornOrForeignRecipeIsNone() throws {
        let setting = try Setting()
        let folder = try setting.fileSystem.makePrivateFolder(in: setting.scratch, prefix: "a-")
        let data = try #require(try setting.recipe(try setting.compile(in: folder), in: folder).encoded())
        for length in stride(from: 0, to: data.count, by: 7) {
            #expect(EarlyCompileRecipe(decoding: data.prefix(length), reportedEnds: [ParseableCompilerOutput.reportedEnd]) == nil, "\(length)")
        }
        #expect(EarlyCompileRecipe(decoding: data + Data("\0more".utf8), reportedEnds: [ParseableCompilerOutput.reportedEnd]) == nil)
        #expect(EarlyCompileRecipe(decoding: Data("{\"json\": true}".utf8), reportedEnds: [ParseableCompilerOutput.reportedEnd]) == nil)
    }

    @Test func onlyAPlainExerciseIdNamesARecipeFile() {
        let folder = URL(fileURLWithPath: "/cache/early-compile")
        #expect(EarlyCompileRecipe.file(for: "no-di.1", in: folder)?.path == "/cache/early-compile/no-di.1.recipe")
        for id in ["", "../no-di.1", "no-di/1", ".hidden", "a b"] {
            #expect(EarlyCompileRecipe.file(for: id, in: folder) == nil, "\(id)")
        }
    }
}
