import ChildProcess
import DojoCore
import DojoGrading
@testable import ExerciseChecking
import DojoTestSupport
import Foundation
import Testing

/// Two checkouts of DIDojo on one machine, one cache of macro expansions: each checkout's
/// stand-in answers from its own plugin, whatever the other did, and a checkout that is
/// deleted takes nothing of the other's with it. The checkouts here are folders holding links
/// to what `swift build` made (the stand-in, the plugin, the lesson library): nothing is built.
@Suite(.serialized) struct MacroCacheCheckoutsTests {
    let folder: TemporaryFolder
    let fileSystem = LocalFileSystem()
    /// The build folder of this package, beside the running test program.
    let build: URL

    init() throws {
        folder = try TemporaryFolder("macro-checkouts")
        build = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            .deletingLastPathComponent()
    }

    var cache: MacroExpansionCache {
        MacroExpansionCache(folder: folder.url.appendingPathComponent("cache/macro-expansions"), fileSystem: fileSystem)
    }

    /// A checkout's build folder at `name`, holding `files` of this build (hard links: the same
    /// bytes at another path, as a second clone's build has).
    func checkout(_ name: String, linking files: [String]) throws -> URL {
        let checkout = folder.url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: checkout, withIntermediateDirectories: true)
        for file in files {
            try FileManager.default.linkItem(at: build.appendingPathComponent(file), to: checkout.appendingPathComponent(file))
        }
        return checkout
    }

    /// A stand-in session, as the compiler holds one: `requests` in the plugin protocol
    /// (8-byte little-endian length, then the message), then the compiler's empty message.
    func session(_ standIn: URL, _ requests: [String]) throws -> (status: Int32, answers: [String], errors: String) {
        // The requests come from a file, not a pipe: a stand-in that ended early would make a
        // write to a pipe kill this whole test process with SIGPIPE.
        let inputFile = standIn.deletingLastPathComponent().appendingPathComponent("requests-\(UUID().uuidString)")
        try (requests.reduce(Data()) { $0 + Self.message($1) } + Data(count: 8)).write(to: inputFile)
        let process = SpawnedProcess()
        process.executableURL = standIn
        let fromStandIn = Pipe(), errors = Pipe()
        process.standardInput = try FileHandle(forReadingFrom: inputFile)
        process.standardOutput = fromStandIn
        process.standardError = errors
        try process.run()
        var output = fromStandIn.fileHandleForReading.readDataToEndOfFile()[...]
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        var answers: [String] = []
        while output.count >= 8 {
            let length = output.prefix(8).enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
            answers.append(String(decoding: output.dropFirst(8).prefix(length), as: UTF8.self))
            output = output.dropFirst(8 + length)
        }
        return (process.terminationStatus, answers, errorText)
    }

    static func message(_ text: String) -> Data {
        Data((0..<8).map { UInt8(truncatingIfNeeded: text.utf8.count >> (8 * $0)) } + Array(text.utf8))
    }

    /// How often the stand-in in `standIn`'s folder started its real plugin.
    func pluginStarts(of standIn: URL) -> Int {
        let log = standIn.deletingLastPathComponent().appendingPathComponent(MacroExpansionCache.startsFile)
        return ((try? fileSystem.text(of: log)) ?? "").split(separator: "\n").count
    }

    /// A fake plugin that logs each start beside itself and answers every request (which must
    /// be 7 bytes long, after its 8-byte length) with `answer`, until its input ends.
    ///
    /// Written without a descriptor open for writing that a program another test starts could
    /// inherit: the kernel would refuse to run it ("Text file busy"), the stand-in would get no
    /// answer, as it once did beside the whole suite. A `/bin/sh` script: dash's `printf` takes
    /// octal escapes, not hexadecimal ones.
    func writeFakePlugin(at url: URL, answering answer: String) throws {
        let header = (0..<8).map { String(format: "\\%03o", (answer.utf8.count >> (8 * $0)) & 0xff) }.joined()
        try ExecutableFile.writeScript("""
            echo started >> "\(url.path).starts"
            while [ "$(head -c 15 | wc -c)" -eq 15 ]; do
              printf '\(header)\(answer)'
            done
            """, to: url)
    }

    @Test func eachCheckoutsStandInAnswersFromItsOwnPluginAndOutlivesTheOther() throws {
        let first = try checkout("first", linking: [MacroExpansionCache.programName])
        let second = try checkout("second", linking: [MacroExpansionCache.programName])
        let firstPlugin = first.appendingPathComponent("FakePlugin-tool")
        let secondPlugin = second.appendingPathComponent("FakePlugin-tool")
        try writeFakePlugin(at: firstPlugin, answering: #"{"from":"first"}"#)
        try writeFakePlugin(at: secondPlugin, answering: #"{"from":"second"}"#)
        // Both set up before either is used, as by two shells open side by side.
        func standIn(_ checkout: URL, _ plugin: URL) throws -> URL {
            let products = BuildProducts(modulesFolder: checkout, libraryFolder: checkout, macroPlugins: [plugin])
            return try #require(cache.routing(products).macroPlugins.first)
        }
        let firstStandIn = try standIn(first, firstPlugin)
        let secondStandIn = try standIn(second, secondPlugin)

        // The same request through each, in turn: each answers from its own plugin, then from
        // what it kept.
        for _ in 0..<2 {
            let first = try session(firstStandIn, ["hello-1"])
            #expect(first.answers == [#"{"from":"first"}"#], "status \(first.status): \(first.errors)")
            let second = try session(secondStandIn, ["hello-1"])
            #expect(second.answers == [#"{"from":"second"}"#], "status \(second.status): \(second.errors)")
        }
        #expect(pluginStarts(of: firstStandIn) == 1)
        #expect(pluginStarts(of: secondStandIn) == 1)

        // The first checkout is rebuilt: its new plugin answers, not what the old one said.
        try fileSystem.removeItem(at: firstPlugin)
        try writeFakePlugin(at: firstPlugin, answering: #"{"from":"rebuilt"}"#)
        #expect(try session(firstStandIn, ["hello-1"]).answers == [#"{"from":"rebuilt"}"#])

        // The second checkout is deleted. The first goes on, with kept answers and new ones.
        try FileManager.default.removeItem(at: second)
        #expect(try session(firstStandIn, ["hello-1", "hello-2"]).answers == [#"{"from":"rebuilt"}"#, #"{"from":"rebuilt"}"#])
        // The second's stand-in, still used by a shell left open, says what is wrong.
        let orphan = try session(secondStandIn, ["hello-1"])
        #expect(orphan.status == 1)
        #expect(orphan.errors.contains("the macro plugin \(secondPlugin.path) is not there any more"), "\(orphan.errors)")
        #expect(orphan.errors.contains("Run `swift build`"), "\(orphan.errors)")

        // The next checkout set up clears the deleted one's folder away, and leaves the first's.
        _ = try standIn(try checkout("third", linking: [MacroExpansionCache.programName]), firstPlugin)
        #expect(!fileSystem.directoryExists(at: secondStandIn.deletingLastPathComponent()))
        #expect(fileSystem.fileExists(at: firstStandIn))
    }

    /// The same with swift-dependencies' real plugin, linked into two checkouts: the compiler's
    /// opening question (its capabilities) through each in turn, then through the first alone
    /// once the second is gone.
    @Test func theRealPluginAnswersThroughEitherCheckout() throws {
        let plugin = "DependenciesMacrosPlugin-tool"
        let firstStandIn = try #require(cache.routing(try products(ofCheckout: "first", plugin: plugin)).macroPlugins.first)
        let secondStandIn = try #require(cache.routing(try products(ofCheckout: "second", plugin: plugin)).macroPlugins.first)
        let question = #"{"getCapability":{"capability":{"protocolVersion":7}}}"#
        for standIn in [firstStandIn, secondStandIn, firstStandIn, secondStandIn] {
            let answer = try session(standIn, [question])
            #expect(answer.status == 0, "\(answer.errors)")
            #expect(answer.answers.count == 1 && answer.answers[0].contains("getCapabilityResult"), "\(answer.answers)")
        }
        #expect(pluginStarts(of: firstStandIn) == 1)
        #expect(pluginStarts(of: secondStandIn) == 1)

        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("second"))
        let newQuestion = #"{"getCapability":{"capability":{"protocolVersion":6}}}"#
        let answer = try session(firstStandIn, [question, newQuestion])
        #expect(answer.status == 0, "\(answer.errors)")
        #expect(answer.answers.count == 2 && answer.answers.allSatisfy { $0.contains("getCapabilityResult") }, "\(answer.answers)")
        #expect(pluginStarts(of: firstStandIn) == 2)
    }

    /// A checkout named `name`: this build's lesson library, stand-in and `plugin` linked into
    /// a folder of its own; the modules and module maps of this build.
    func products(ofCheckout name: String, plugin: String) throws -> BuildProducts {
        let here = try BuildProducts.beside(executable: build.appendingPathComponent("didojo"), fileSystem: fileSystem)
        let checkout = try checkout(name, linking: ["lib\(BuildProducts.libraryName).so", BuildProducts.testHostName, MacroExpansionCache.programName, plugin])
        return BuildProducts(
            modulesFolder: here.modulesFolder, libraryFolder: checkout,
            macroPlugins: [checkout.appendingPathComponent(plugin)], moduleMaps: here.moduleMaps
        )
    }

    /// A checker on `products`, set up once as a shell sets it up at its start, with caches of
    /// its own except the macro expansions and the compiler's module cache.
    func checker(_ products: BuildProducts, name: String) throws -> CompilingChecker {
        let environment = ProcessInfo.processInfo.environment
        return CompilingChecker(
            setup: CompilerSetup(
                toolchain: try Toolchain.find(environment: environment, fileSystem: fileSystem), products: cache.routing(products),
                environment: environment),
            ports: CheckerPorts(launcher: ChildProcessLauncher(clock: ContinuousClock()), fileSystem: fileSystem, timeSource: SystemTimeSource(), trace: .off),
            folders: CheckerFolders(
                scratch: folder.url.appendingPathComponent("scratch-\(name)"),
                moduleCache: RealChecker.sharedCacheFolder.appendingPathComponent("module-cache"),
                stepCache: folder.url.appendingPathComponent("steps-\(name)"),
                macroExpansions: folder.url.appendingPathComponent("unused-macro-expansions-\(name)")),
            confinementSupport: .current, settings: CheckSettings(), wiringVocabulary: { _ in .empty }
        )
    }

    /// Two shells on two checkouts, open side by side, check new `@DependencyClient` code in
    /// turn (each edit moves the struct, so its expansion is new); then the second checkout is
    /// deleted and the first checks on. Real compiler, real plugin, lesson 7's first exercise.
    @Test func twoOpenShellsOnTwoCheckoutsCheckNewMacroCodeInTurn() async throws {
        let exercise = try #require(LessonVerificationTests.catalog.exercise(id: "dependency-values.1"))
        let solution = try fileSystem.text(of: exercise.solution)
        let plugin = "DependenciesMacrosPlugin-tool"
        let first = try checker(try products(ofCheckout: "first", plugin: plugin), name: "first")
        let second = try checker(try products(ofCheckout: "second", plugin: plugin), name: "second")

        func check(_ checker: CompilingChecker, round: Int) async throws -> CheckReport {
            let file = folder.url.appendingPathComponent("learner-\(round)/\(exercise.fileName)")
            try fileSystem.write(String(repeating: "// try \(round)\n", count: round) + solution, to: file)
            return try await checker.check(exercise, source: file)
        }
        for (round, checker) in [first, second, first, second].enumerated() {
            let report = try await check(checker, round: round + 1)
            #expect(report.outcome == .passed, "round \(round + 1): \(report.outcome) \(report.diagnostics)")
        }
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("second"))
        let report = try await check(first, round: 5)
        #expect(report.outcome == .passed, "after the second checkout went: \(report.outcome) \(report.diagnostics)")
    }
}
