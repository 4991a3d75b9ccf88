import ChildProcess
import DojoCatalog
import DojoCore
@testable import ExerciseChecking
import DojoTestSupport
import Foundation
import Testing

/// The parts that make a check quick to build: the driver's plan, the two-module split and the
/// cache of compiled steps. The whole of it, with the real compiler, is in `CompiledChecksTests`.
struct CompileStepPartsTests {
    // MARK: The driver's plan

    @Test func aPlanIsReadFromTheDriversOutputWithItsQuoting() throws {
        let output = """
        /opt/swift/bin/swift-autolink-extract /didojo-planned-step/input.o -o '/didojo-planned-step/Exercise.xctest.autolink'
        /opt/swift/bin/clang -fuse-ld=lld '@/didojo-planned-step/Exercise.xctest.autolink' -L '/home/ann/my lessons/it'\\''s' /didojo-planned-step/input.o -o /didojo-planned-step/Exercise.xctest
        """
        let plan = try #require(CompilerPlan.parse(driverOutput: output, inputExtension: "o"))
        #expect(plan.commands.map(\.executable) == ["/opt/swift/bin/swift-autolink-extract", "/opt/swift/bin/clang"])
        #expect(plan.commands[1].arguments.contains("/home/ann/my lessons/it's"))

        let replayed = plan.commands(
            in: URL(fileURLWithPath: "/tmp/check-1"),
            inputs: [URL(fileURLWithPath: "/tmp/check-1/Exercise.o"), URL(fileURLWithPath: "/tmp/check-1/ExerciseChecks.o")],
            inputExtension: "o"
        )
        #expect(replayed[0].arguments == ["/tmp/check-1/Exercise.o", "/tmp/check-1/ExerciseChecks.o", "-o", "/tmp/check-1/Exercise.xctest.autolink"])
        #expect(replayed[1].arguments.contains("@/tmp/check-1/Exercise.xctest.autolink"))
        #expect(replayed[1].arguments.suffix(2) == ["-o", "/tmp/check-1/Exercise.xctest"])
    }

    @Test(arguments: [
        "",
        "error: unknown argument: '-no-emit-module-separately-wmo'",
        "/opt/swift/bin/swift-frontend -frontend -c /somewhere/else.swift",
    ])
    func outputThatIsNotAPlanGivesNone(output: String) {
        #expect(CompilerPlan.parse(driverOutput: output, inputExtension: "swift") == nil)
    }

    // MARK: Linking without the clang driver

    @Test func clangIsAskedWithResponseFilesLeftForTheLinker() {
        let link = CompilerPlan.Command(
            executable: "/opt/swift/bin/clang",
            arguments: ["-shared", "/tmp/check-1/input.o", "@/tmp/check-1/Exercise.autolink", "-o", "/tmp/check-1/libExercise.so"]
        )
        #expect(ClangLinkLowering.isClangDriver(link))
        #expect(!ClangLinkLowering.isClangDriver(.init(executable: "/opt/swift/bin/ld.lld", arguments: [])))
        #expect(ClangLinkLowering.questionArguments(for: link) == [
            "-###", "-shared", "/tmp/check-1/input.o", "-Xlinker", ClangLinkLowering.standIn(for: "@/tmp/check-1/Exercise.autolink"),
            "-o", "/tmp/check-1/libExercise.so",
        ])
        #expect(ClangLinkLowering.isLibraryList("-lswiftCore\n-lFoundation -L/opt/x\n"))
        #expect(!ClangLinkLowering.isLibraryList("-lswiftCore -Wl,--wrap=malloc"))
    }

    @Test func clangsAnswerBecomesLinkerCommandsWithThePlaceholdersBack() throws {
        let answer = """
        clang version 21.0.0
        Target: x86_64-unknown-linux-gnu
        InstalledDir: /opt/swift/usr/bin
         "/opt/swift/usr/bin/ld.lld" "-shared" "-o" "/tmp/check-1/libExercise.so" "/tmp/check-1/input.o" "@/tmp/check-1/Exercise.autolink" "-lc"
        """
        let folder = URL(fileURLWithPath: "/tmp/check-1")
        let input = CompilerPlan.placeholderInput(extension: "o")
        let commands = try #require(ClangLinkLowering.commands(inAnswer: answer, folder: folder, input: input))
        #expect(commands == [.init(
            executable: "/opt/swift/usr/bin/ld.lld",
            arguments: ["-shared", "-o", "/didojo-planned-step/libExercise.so", input, "@/didojo-planned-step/Exercise.autolink", "-lc"]
        )])
        // Clang reads a response file even when told to pass it on: it is asked with a stand-in
        // library, and the answer gets the file back, to be read at every link.
        let asked = ClangLinkLowering.questionArguments(for: .init(
            executable: "/opt/swift/usr/bin/clang", arguments: ["/tmp/check-1/input.o", "@/tmp/check-1/Exercise.autolink"]))
        #expect(asked.first == "-###")
        #expect(!asked.contains { $0.hasPrefix("@") })
        let standIn = try #require(asked.last)
        #expect(standIn.hasPrefix("-l") && standIn == ClangLinkLowering.standIn(for: "@/tmp/check-1/Exercise.autolink"))
        let answered = try #require(ClangLinkLowering.commands(
            inAnswer: #" "/opt/swift/usr/bin/ld.lld" "/tmp/check-1/input.o" "\#(standIn)" "-lc""#, folder: folder, input: input))
        #expect(answered[0].arguments == [input, "@/didojo-planned-step/Exercise.autolink", "-lc"])
        #expect(ClangLinkLowering.responseFile(standingInAs: "-lswiftCore") == nil)

        // An answer that does not link the input, or runs a driver again, is no answer.
        #expect(ClangLinkLowering.commands(inAnswer: "clang: error: no such file", folder: folder, input: input) == nil)
        let again = " \"/opt/swift/usr/bin/clang\" \"-cc1\" \"/tmp/check-1/input.o\""
        #expect(ClangLinkLowering.commands(inAnswer: again, folder: folder, input: input) == nil)
    }

    // MARK: Imports and the tests' copies

    @Test func importsAreFoundOnceEachAndOnlyOutsideConditions() {
        let sources = [
            "import Domain\n@testable import ViperRouter\nimport struct Foundation.Date\n#if canImport(Glibc)\nimport Glibc\n#endif\n",
            "// import Commented\nimport Domain\nimport Swinject\n",
        ]
        #expect(ImportDiscovery.modules(in: sources) == ["Domain", "ViperRouter", "Foundation", "Swinject"])
        #expect(ImportDiscovery.reexportSource(for: ["Domain", "ViperRouter"]).hasSuffix("@_exported import Domain\n@_exported import ViperRouter\n"))
    }

    @Test func editsInsideFunctionsLeaveTheImportLinesAndTheImportsAsTheyWere() {
        let original = "import Domain\n\nfunc double(_ value: Int) -> Int {\n    value + 2\n}\n"
        let edited = "import Domain\n\n// Fixed.\nfunc double(_ value: Int) -> Int {\n    value * 2 // was + 2\n}\n"
        #expect(ImportDiscovery.importLines(of: original) == ImportDiscovery.importLines(of: edited))
        #expect(ImportDiscovery.modules(in: [original]) == ImportDiscovery.modules(in: [edited]))
    }

    /// The commonest compile error while working, a value of the wrong type, keeps the answer:
    /// a string on one line cannot hide or reveal an import on another.
    @Test func aStringOnOneLineLeavesTheImportLinesAsTheyWere() {
        let original = "import Domain\n\nfunc greet() -> String {\n    \"hello\"\n}\n"
        let edited = original + "let count: Int = \"3\"\n"
        #expect(ImportDiscovery.importLines(of: edited) == ImportDiscovery.importLines(of: original))
        #expect(ImportDiscovery.modules(in: [edited]) == ImportDiscovery.modules(in: [original]))
    }

    @Test(arguments: [
        // A new import, one taken away, one commented out, one put inside a condition, inside
        // a multi-line comment or a multi-line string: each changes the import lines.
        "import Domain\nimport Swinject\n",
        "\n",
        "// import Domain\n",
        "#if canImport(Domain)\nimport Domain\n#endif\n",
        "/*\nimport Domain\n*/\n",
        "let text = \"\"\"\nimport Domain\n\"\"\"\n",
    ])
    func whatCanChangeTheImportsChangesTheImportLines(variant: String) {
        let original = "import Domain\n"
        #expect(ImportDiscovery.importLines(of: variant) != ImportDiscovery.importLines(of: original))
        // And the imports themselves did change: the lines were right to differ.
        #expect(ImportDiscovery.modules(in: [variant]) != ImportDiscovery.modules(in: [original]))
    }

    @Test func theTestsCopyBlanksReexportedImportsWithoutMovingALine() {
        let original = "import XCTest\nimport ViperRouter\n@testable import Domain\n\nfinal class Checks: XCTestCase {}\n"
        let copy = TestsFileCopy.text(of: original, originalPath: "/lessons/a \"b\"/Checks.swift", leavingOutImportsOf: ["ViperRouter", "Domain"])
        let lines = copy.components(separatedBy: "\n")
        #expect(lines[0] == #"#sourceLocation(file: "/lessons/a \"b\"/Checks.swift", line: 1)"#)
        #expect(lines[1] == "import XCTest")
        #expect(lines[2].allSatisfy { $0 == " " } && lines[2].count == "import ViperRouter".count)
        // An attributed import is the author's choice and stays.
        #expect(lines[3] == "@testable import Domain")
        #expect(lines[5] == "final class Checks: XCTestCase {}")
        #expect(lines.count == original.components(separatedBy: "\n").count + 1)
    }

    // MARK: The cache of compiled steps

    @Test func aStoredStepComesBackOnlyForTheSameKey() throws {
        let folder = try TemporaryFolder("step-cache")
        let fileSystem = LocalFileSystem()
        let cache = CompiledStepCache(folder: folder.url.appendingPathComponent("cache"), fileSystem: fileSystem, timeSource: SystemTimeSource())
        let built = folder.url.appendingPathComponent("built")
        try fileSystem.write("object", to: built.appendingPathComponent("Exercise.o"))
        var key = CacheKey("test")
        key.add("Doubler.swift")
        key.add("func double(_ value: Int) -> Int { value * 2 }")
        cache.store(["Exercise.o"], for: key, from: built)

        let check = folder.url.appendingPathComponent("check")
        try fileSystem.createDirectory(at: check)
        #expect(cache.restore(["Exercise.o"], for: key, into: check))
        #expect(try fileSystem.text(of: check.appendingPathComponent("Exercise.o")) == "object")

        var other = CacheKey("test")
        other.add("Doubler.swift")
        other.add("func double(_ value: Int) -> Int { value + 2 }")
        #expect(!cache.restore(["Exercise.o"], for: other, into: folder.url.appendingPathComponent("other")))
    }

    /// Two checks that built the same step at once both store it; the first one may already
    /// be running the program in place, so the second store must not pull it away.
    @Test func aStepStoredTwiceKeepsTheEntryAlreadyInUse() throws {
        let folder = try TemporaryFolder("step-cache-twice")
        let fileSystem = LocalFileSystem()
        let cache = CompiledStepCache(folder: folder.url.appendingPathComponent("cache"), fileSystem: fileSystem, timeSource: SystemTimeSource())
        let key = CacheKey("the same step")
        let first = folder.url.appendingPathComponent("first")
        try fileSystem.write("first build", to: first.appendingPathComponent("Exercise.xctest"))
        cache.store(["Exercise.xctest"], for: key, from: first)
        let inUse = try #require(cache.file("Exercise.xctest", for: key))
        let handle = open(inUse.path, O_RDONLY)
        defer { close(handle) }
        var before = stat()
        fstat(handle, &before)

        let second = folder.url.appendingPathComponent("second")
        try fileSystem.write("second build", to: second.appendingPathComponent("Exercise.xctest"))
        cache.store(["Exercise.xctest"], for: key, from: second)

        var after = stat()
        #expect(stat(inUse.path, &after) == 0, "the program being run is still where it was")
        #expect(after.st_ino == before.st_ino, "and it is the same file, not a copy put there since")
        #expect(try fileSystem.text(of: inUse) == "first build")
    }

    @Test func fieldsCannotRunIntoEachOther() {
        var split = CacheKey("test")
        split.add("ab")
        split.add("c")
        var joined = CacheKey("test")
        joined.add("a")
        joined.add("bc")
        #expect(split != joined)
    }

    /// A cache of 4 entries, each holding one file `out`, numbered by key.
    struct SmallCache {
        let folder: TemporaryFolder
        let cacheFolder: URL
        let cache: CompiledStepCache
        let built: URL

        init(_ name: String, recentUse: TimeInterval = 0, pruneInterval: TimeInterval = 0) throws {
            folder = try TemporaryFolder(name)
            cacheFolder = folder.url.appendingPathComponent("cache")
            cache = CompiledStepCache(folder: cacheFolder, fileSystem: LocalFileSystem(), timeSource: SystemTimeSource(), limit: 4, recentUse: recentUse, pruneInterval: pruneInterval)
            built = folder.url.appendingPathComponent("built")
            try LocalFileSystem().write("value", to: built.appendingPathComponent("out"))
        }

        func key(_ index: Int) -> CacheKey {
            var key = CacheKey("test")
            key.add("\(index)")
            return key
        }

        /// Stores entry `index`, then waits: modification times have a resolution, and the
        /// order of the entries must be unambiguous.
        func store(_ index: Int) {
            cache.store(["out"], for: key(index), from: built)
            Thread.sleep(forTimeInterval: 0.02)
        }

        func restored(_ index: Int) -> Bool {
            cache.restore(["out"], for: key(index), into: folder.url.appendingPathComponent("into-\(UUID())"))
        }
    }

    /// The program that runs the checks is kept by a hard link where it can be: nothing is then
    /// open for writing while the cache takes it (see `CompiledStepCache.store(linkOrCopyOf:as:for:)`).
    @Test func aProgramIsKeptByALinkOnTheSameFileSystem() throws {
        let folder = try TemporaryFolder("step-cache-link", files: ["program": "#!/bin/sh\n"])
        let cache = CompiledStepCache(folder: folder.url.appendingPathComponent("cache"), fileSystem: LocalFileSystem(), timeSource: SystemTimeSource())
        let key = CacheKey("a program, version 1")
        let program = folder.url.appendingPathComponent("program")
        cache.store(linkOrCopyOf: program, as: "Exercise.xctest", for: key)
        let kept = try #require(cache.file("Exercise.xctest", for: key))
        var original = stat(), link = stat()
        #expect(stat(program.path, &original) == 0 && stat(kept.path, &link) == 0)
        #expect(original.st_ino == link.st_ino && original.st_dev == link.st_dev)
        #expect(try Data(contentsOf: kept) == Data("#!/bin/sh\n".utf8))
    }

    @Test func theCacheKeepsOnlyTheNewestEntries() throws {
        let small = try SmallCache("step-cache-limit")
        for index in 0..<6 { small.store(index) }
        // The fifth entry went past the limit of 4: the oldest two went, leaving 3; the sixth made 4.
        #expect(try LocalFileSystem().contentsOfDirectory(at: small.cacheFolder).count == 4)
        #expect((0..<6).map(small.restored) == [false, false, true, true, true, true])
    }

    @Test func aFullCacheIsLookedAtForPruningOnceAnIntervalNotAtEveryStore() throws {
        let small = try SmallCache("step-cache-interval", pruneInterval: 600)
        for index in 0..<6 { small.store(index) }
        // Pruned at the first store (nothing to remove then), not again within the interval.
        #expect(try LocalFileSystem().contentsOfDirectory(at: small.cacheFolder).count == 6)
    }

    @Test func nothingUsedRecentlyIsRemovedHoweverFullTheCache() throws {
        // Another check may be about to run the program it found in the cache, in place.
        let small = try SmallCache("step-cache-recent", recentUse: 600)
        for index in 0..<6 { small.store(index) }
        #expect(try LocalFileSystem().contentsOfDirectory(at: small.cacheFolder).count == 6)
        #expect((0..<6).map(small.restored) == [true, true, true, true, true, true])
    }

    @Test func anEntryInUseOutlivesNewerOnes() throws {
        let small = try SmallCache("step-cache-use")
        // Entry 0 is the checks of the exercise at hand: made first, used at every check.
        for index in 0..<6 {
            small.store(index)
            #expect(small.restored(0))
            Thread.sleep(forTimeInterval: 0.02)
        }
        #expect([1, 2].map(small.restored) == [false, false])
        #expect([3, 4, 5].map(small.restored) == [true, true, true])
    }

    @Test func aValueInUseOutlivesNewerEntries() throws {
        let small = try SmallCache("step-cache-value-use")
        // A plan: asked for first, read at every check.
        small.cache.store(value: Data("the plan".utf8), for: small.key(0))
        Thread.sleep(forTimeInterval: 0.02)
        for index in 1..<6 {
            small.store(index)
            #expect(small.cache.value(for: small.key(0)) == Data("the plan".utf8))
            Thread.sleep(forTimeInterval: 0.02)
        }
        #expect([1, 2].map(small.restored) == [false, false])
    }

    @Test func aValueIsKeptByKey() throws {
        let folder = try TemporaryFolder("step-cache-value")
        let cache = CompiledStepCache(folder: folder.url, fileSystem: LocalFileSystem(), timeSource: SystemTimeSource())
        let key = CacheKey("plan")
        #expect(cache.value(for: key) == nil)
        cache.store(value: Data("the plan".utf8), for: key)
        #expect(cache.value(for: key) == Data("the plan".utf8))
    }

    // MARK: Autolink entries, read in-process

    @Test func autolinkEntriesAreReadAsTheToolReadsThem() async throws {
        let folder = try TemporaryFolder("autolink", files: ["a.swift": "import Foundation\nlet now = Date()\n"])
        let swiftc = try Toolchain.find(environment: ProcessInfo.processInfo.environment, fileSystem: LocalFileSystem()).swiftc
        let object = folder.url.appendingPathComponent("a.o")
        let launcher = ChildProcessLauncher(clock: ContinuousClock())
        let compiled = try await launcher.run(ChildProcessRequest(
            executable: swiftc.path, arguments: ["-c", "-parse-as-library", folder.url.appendingPathComponent("a.swift").path, "-o", object.path]
        ))
        #expect(compiled.termination == .exited(0), "\(compiled.standardError)")
        let tool = swiftc.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("swift-autolink-extract")
        let extracted = try await launcher.run(ChildProcessRequest(executable: tool.path, arguments: [object.path]))
        let fromTheTool = extracted.standardOutput.split(separator: "\n").map(String.init)

        let read = try #require(AutolinkEntries.entries(inObject: try Data(contentsOf: object)))
        #expect(read.contains("-lFoundation"))
        #expect(Set(read) == Set(fromTheTool))
    }

    @Test func anObjectThatAsksForNoLibraryIsAnsweredAsTheToolAnswersIt() async throws {
        // The learner's module is compiled without autolinking: its object asks for nothing.
        let folder = try TemporaryFolder("autolink-none", files: ["a.swift": "public func f() -> Int { 1 }\n"])
        let swiftc = try Toolchain.find(environment: ProcessInfo.processInfo.environment, fileSystem: LocalFileSystem()).swiftc
        let object = folder.url.appendingPathComponent("a.o")
        let launcher = ChildProcessLauncher(clock: ContinuousClock())
        let compiled = try await launcher.run(ChildProcessRequest(executable: swiftc.path, arguments: [
            "-c", "-parse-as-library", "-Xfrontend", "-disable-all-autolinking",
            folder.url.appendingPathComponent("a.swift").path, "-o", object.path,
        ]))
        #expect(compiled.termination == .exited(0), "\(compiled.standardError)")
        let tool = swiftc.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("swift-autolink-extract")
        let byTheTool = folder.url.appendingPathComponent("tool.autolink")
        let extracted = try await launcher.run(ChildProcessRequest(executable: tool.path, arguments: [object.path, "-o", byTheTool.path]))
        #expect(extracted.termination == .exited(0))

        let here = folder.url.appendingPathComponent("here.autolink")
        let extraction = try #require(AutolinkExtraction(
            command: .init(executable: tool.path, arguments: [object.path, "-o", here.path]), fileSystem: LocalFileSystem()))
        // Nothing kept in this empty cache, and yet an answer: the tool's, byte for byte.
        let cache = CompiledStepCache(folder: folder.url.appendingPathComponent("cache"), fileSystem: LocalFileSystem(), timeSource: SystemTimeSource())
        #expect(extraction.restore(from: cache))
        #expect(try Data(contentsOf: here) == Data(contentsOf: byTheTool))
        #expect(try Data(contentsOf: here).isEmpty)
    }

    @Test func whatIsNotAnELFObjectIsLeftToTheTool() {
        #expect(AutolinkEntries.entries(inObject: Data("not an object".utf8)) == nil)
        #expect(AutolinkEntries.entries(inObject: Data(repeating: 0x7F, count: 100)) == nil)
    }
}
