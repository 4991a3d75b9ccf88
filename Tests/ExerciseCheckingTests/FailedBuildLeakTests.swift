import ChildProcess
import DojoGrading
import DojoCatalog
import DojoCore
@testable import ExerciseChecking
import DojoTestSupport
import Foundation
import Synchronization
import TestHostProtocol
import Testing

/// A check whose building fails at any step (a file that cannot be written, a compiler that
/// cannot be started) leaves nothing behind: the program that runs the checks, started early
/// and held behind its gate, is let go and has ended, with its supervising thread, by the time
/// the check reports the error.
@Suite struct FailedBuildLeakTests {
    /// Where the failure is injected.
    enum Step: String, CaseIterable, CustomTestStringConvertible {
        /// The generated entry point cannot be written (the first step of building).
        case writingTheEntryPoint
        /// The re-exports cannot be written (while the code under test is prepared).
        case writingTheReexports
        /// The compiler cannot be started for the checks' module.
        case startingTheCompilerForTheChecks
        var testDescription: String { rawValue }
    }

    @Test(arguments: Step.allCases)
    func nothingIsLeftRunningWhenTheBuildFails(at step: Step) async throws {
        let folder = try TemporaryFolder("leak")
        let exercise = try RedTeamCorpus.arithmetic(in: folder.url)
        let file = folder.url.appendingPathComponent("learner/\(exercise.fileName)")
        let testProgram = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        func checker(fileSystem: any FileSystem, launcher: any ProcessLaunching) throws -> CompilingChecker {
            try CompilingChecker.live(
                executable: testProgram, environment: ProcessInfo.processInfo.environment,
                ports: CheckerPorts(launcher: launcher, fileSystem: fileSystem, timeSource: SystemTimeSource(), trace: .off),
                folders: .inCache(
                    folder.url.appendingPathComponent("caches"), moduleCache: RealChecker.sharedCacheFolder.appendingPathComponent("module-cache"),
                    scratch: folder.url.appendingPathComponent("scratch")),
                settings: CheckSettings(), wiringVocabulary: { _ in .empty }
            )
        }
        // A first check keeps the program that runs the checks in the cache, so that the failing
        // check starts it at once, behind its gate, as a learner's second check does.
        try LocalFileSystem().write("func double(_ value: Int) -> Int { value * 2 }\n", to: file)
        let warmUp = try await checker(fileSystem: LocalFileSystem(), launcher: ChildProcessLauncher(clock: ContinuousClock())).check(exercise, source: file, phases: nil)
        #expect(warmUp.passed)
        // A new overload of the function the checks call, so that nothing of this file is in the
        // cache and the checks must be compiled against it too: every step must run.
        try LocalFileSystem().write(
            "func double(_ value: Int) -> Int { value * 2 }\nfunc double(_ value: Int, leak\(UUID().uuidString.prefix(8)): Int) -> Int { value }\n",
            to: file)
        let failsTheCompiler = step == .startingTheCompilerForTheChecks
        let launcher = CountingLauncher(failing: { request in
            failsTheCompiler && request.arguments.contains(CompileStep.checksModuleName)
        })
        let refusedName: String? = switch step {
        case .writingTheEntryPoint: "CheckEntry.swift"
        case .writingTheReexports: CompileStep.reexportsFile
        case .startingTheCompilerForTheChecks: nil
        }
        let fileSystem = FailingFileSystem(failing: { url in url.lastPathComponent == refusedName })
        let failing = try checker(fileSystem: fileSystem, launcher: launcher)
        await #expect(throws: (any Error).self) {
            _ = try await failing.check(exercise, source: file, phases: nil)
        }
        if step == .startingTheCompilerForTheChecks {
            // By then the code under test has compiled: the program was surely waiting.
            #expect(launcher.gatedRunsStarted() == 1, "the program that runs the checks was started early, behind its gate")
        }
        #expect(launcher.unfinishedRuns() == 0, "a run (a process and its thread) outlived the failed check")
    }
}

/// The real launcher, counting the runs it starts and those that have ended; it refuses to
/// start the ones `failing` picks, as a launcher does when a program cannot be started.
final class CountingLauncher: ProcessLaunching {
    private let real = ChildProcessLauncher(clock: ContinuousClock())
    private let failing: @Sendable (ChildProcessRequest) -> Bool
    private let counts = Mutex((started: 0, finished: 0, gated: 0, servers: 0, forked: 0, codeCompiles: 0))

    init(failing: @escaping @Sendable (ChildProcessRequest) -> Bool) {
        self.failing = failing
    }

    func run(_ request: ChildProcessRequest) async throws -> ChildProcessResult {
        if failing(request) {
            throw ChildProcessError.couldNotStart(executable: request.executable, reason: "injected failure")
        }
        counts.withLock {
            $0.started += 1
            if request.gate != nil && request.forkServer == nil { $0.gated += 1 }
            if request.environment[TestHostProtocol.forkServerVariable] != nil { $0.servers += 1 }
            if request.forkServer != nil { $0.forked += 1 }
            if Self.compilesTheCodeUnderTest(request) { $0.codeCompiles += 1 }
        }
        defer { counts.withLock { $0.finished += 1 } }
        return try await real.run(request)
    }

    func unfinishedRuns() -> Int { counts.withLock { $0.started - $0.finished } }
    /// Programs started behind a gate (not the runs of a fork server).
    func gatedRunsStarted() -> Int { counts.withLock { $0.gated } }
    /// Fork servers started (see `PlantedBugsServer`).
    func serversStarted() -> Int { counts.withLock { $0.servers } }
    /// Runs started in a fork server, whether or not their gate then opened.
    func forkedRunsRequested() -> Int { counts.withLock { $0.forked } }
    /// Compiles of the `Exercise` module (the subject, a planted bug, a schema of several).
    func codeUnderTestCompiles() -> Int { counts.withLock { $0.codeCompiles } }

    private static func compilesTheCodeUnderTest(_ request: ChildProcessRequest) -> Bool {
        let arguments = request.arguments
        guard arguments.contains("-c"), let name = arguments.firstIndex(of: "-module-name"), name + 1 < arguments.count else { return false }
        return arguments[name + 1] == "Exercise"
    }
}

/// The real file system, whose writes fail for the files `failing` picks.
struct FailingFileSystem: FileSystem {
    private let real = LocalFileSystem()
    let failing: @Sendable (URL) -> Bool

    private func refuse(_ url: URL) throws {
        if failing(url) { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: url.path]) }
    }

    func fileExists(at url: URL) -> Bool { real.fileExists(at: url) }
    func directoryExists(at url: URL) -> Bool { real.directoryExists(at: url) }
    func contents(of url: URL) throws -> Data { try real.contents(of: url) }
    func write(_ data: Data, to url: URL) throws {
        try refuse(url)
        try real.write(data, to: url)
    }
    func writePrivately(_ data: Data, to url: URL) throws {
        try refuse(url)
        try real.writePrivately(data, to: url)
    }
    func createDirectory(at url: URL) throws { try real.createDirectory(at: url) }
    func createPrivateDirectory(at url: URL) throws { try real.createPrivateDirectory(at: url) }
    func contentsOfDirectory(at url: URL) throws -> [URL] { try real.contentsOfDirectory(at: url) }
    func copyItem(at source: URL, to destination: URL) throws { try real.copyItem(at: source, to: destination) }
    func moveItem(at source: URL, to destination: URL) throws { try real.moveItem(at: source, to: destination) }
    func removeItem(at url: URL) throws { try real.removeItem(at: url) }
    func modificationDate(of url: URL) -> Date? { real.modificationDate(of: url) }
    func setModificationDate(_ date: Date, of url: URL) throws { try real.setModificationDate(date, of: url) }
    func makePrivateFolder(in parent: URL, prefix: String) throws -> URL { try real.makePrivateFolder(in: parent, prefix: prefix) }
    func withExclusiveLock<Result>(on lockFile: URL, _ body: () throws -> Result) throws -> Result {
        try real.withExclusiveLock(on: lockFile, body)
    }
}
