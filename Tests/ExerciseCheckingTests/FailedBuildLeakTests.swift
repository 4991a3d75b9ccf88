import ChildProcess
import DojoGrading
import DojoCatalog
import DojoCore
@testable import ExerciseChecking
import DojoTestSupport
import Foundation
import Synchronization
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
    private let counts = Mutex((started: 0, finished: 0, gated: 0))

    init(failing: @escaping @Sendable (ChildProcessRequest) -> Bool) {
        self.failing = failing
    }

    func run(_ request: ChildProcessRequest) async throws -> ChildProcessResult {
        if failing(request) {
            throw ChildProcessError.couldNotStart(executable: request.executable, reason: "injected failure")
        }
        counts.withLock {
            $0.started += 1
            if request.gate != nil { $0.gated += 1 }
        }
        defer { counts.withLock { $0.finished += 1 } }
        return try await real.run(request)
    }

    func unfinishedRuns() -> Int { counts.withLock { $0.started - $0.finished } }
    func gatedRunsStarted() -> Int { counts.withLock { $0.gated } }
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

/// A test-writing check starts the mutants' programs while the subject's checks compile (see
/// `EarlyMutantPrograms`): each is let go once, or stopped unopened when the tests fail on the
/// subject, and none outlives the check.
@Suite struct EarlyMutantProgramsTests {
    static let passingTests =
        "import XCTest\n\nfinal class CounterTests: XCTestCase {\n    func testIncrement() {\n        let counter = Counter()\n        counter.increment()\n        XCTAssertEqual(counter.value, 1)\n    }\n}\n"

    func check(
        _ tests: String, launcher: CountingLauncher, in folder: TemporaryFolder, fixture: LessonFixture = .testWriting()
    ) async throws -> CheckReport {
        let catalog = try LessonFixture.catalog(of: [fixture], in: folder.url, fileSystem: LocalFileSystem())
        let exercise = try #require(catalog.lessons.first?.exercises.first)
        return try await RealChecker.check(tests, as: exercise, in: folder.url, launcher: launcher)
    }

    @Test func everyMutantsProgramRunsOnceAndEnds() async throws {
        let folder = try TemporaryFolder("early-mutants")
        let launcher = CountingLauncher(failing: { _ in false })
        let report = try await check(
            "import XCTest\n\nfinal class CounterTests: XCTestCase {\n    func testIncrement() {\n        let counter = Counter()\n        counter.increment()\n        XCTAssertEqual(counter.value, 1)\n    }\n}\n",
            launcher: launcher, in: folder)
        #expect(report.outcome == .passed)
        #expect(report.mutants.count == 2 && report.mutants.allSatisfy(\.caught))
        // The subject's program and one for each mutant, all behind a gate.
        #expect(launcher.gatedRunsStarted() == 3)
        #expect(launcher.unfinishedRuns() == 0, "a program outlived the check")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("scratch").path).isEmpty)
    }

    /// The programs start in two waves, as many as run at once and then the rest: an exercise
    /// with fewer planted bugs than that has a first wave only.
    @Test func anExerciseWithOnePlantedBugIsCheckedWithOneProgramForIt() async throws {
        var fixture = LessonFixture.testWriting()
        let manifest = try #require(fixture.files["lesson.yaml"])
        let second = try #require(manifest.range(of: "- id: counts-twice"))
        let lineStart = manifest[..<second.lowerBound].lastIndex(of: "\n").map(manifest.index(after:)) ?? manifest.startIndex
        fixture.files["lesson.yaml"] = String(manifest[..<lineStart])
        fixture.files["exercises/1/mutants/counts-twice/Counter.swift"] = nil
        let folder = try TemporaryFolder("early-mutants-one")
        let launcher = CountingLauncher(failing: { _ in false })
        let report = try await check(Self.passingTests, launcher: launcher, in: folder, fixture: fixture)
        #expect(report.outcome == .passed)
        #expect(report.mutants.map(\.mutant.id) == ["never-counts"] && report.mutants.allSatisfy(\.caught))
        #expect(launcher.gatedRunsStarted() == 2)
        #expect(launcher.unfinishedRuns() == 0, "a program outlived the check")
    }

    @Test func aCompileErrorInTheTestsStopsTheProgramsStartedEarly() async throws {
        let folder = try TemporaryFolder("early-mutants-error")
        let launcher = CountingLauncher(failing: { _ in false })
        let report = try await check(
            Self.passingTests.replacingOccurrences(of: "XCTAssertEqual(counter.value, 1)", with: "let wrong: Int = \"one\""),
            launcher: launcher, in: folder)
        #expect(report.outcome == .compileFailed)
        // The subject's program and the first wave of the mutants' were waiting: all ended.
        #expect(launcher.gatedRunsStarted() == 1 + CompilingChecker.mutantsRunAtOnce)
        #expect(launcher.unfinishedRuns() == 0, "a program outlived the check")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("scratch").path).isEmpty)
    }

    /// The fixture with six more planted bugs (the counter counts by 3 to 8): more than the
    /// first wave, so that the rest start one at a time while the tests compile (see
    /// `EarlyMutantPrograms`).
    static func manyPlantedBugs() throws -> LessonFixture {
        var fixture = LessonFixture.testWriting()
        var manifest = try #require(fixture.files["lesson.yaml"])
        // After the last planted bug's entry, indented as it is.
        let last = try #require(manifest.range(of: "description: \"the counter counts twice\""))
        let lineStart = manifest[..<last.lowerBound].lastIndex(of: "\n").map(manifest.index(after:)) ?? manifest.startIndex
        let indent = String(manifest[lineStart..<last.lowerBound].dropLast(2))
        var entries = ""
        for step in 3...8 {
            entries += "\n\(indent)- id: counts-by-\(step)\n\(indent)  description: \"the counter counts by \(step)\""
            fixture.files["exercises/1/mutants/counts-by-\(step)/Counter.swift"] =
                "final class Counter {\n    private(set) var value = 0\n    func increment() { value += \(step) }\n}\n"
        }
        manifest.insert(contentsOf: entries, at: last.upperBound)
        fixture.files["lesson.yaml"] = manifest
        return fixture
    }

    @Test func manyPlantedBugsEachGetOneProgramThatRunsOnceAndEnds() async throws {
        let folder = try TemporaryFolder("early-mutants-many")
        let launcher = CountingLauncher(failing: { _ in false })
        let report = try await check(Self.passingTests, launcher: launcher, in: folder, fixture: try Self.manyPlantedBugs())
        #expect(report.outcome == .passed)
        #expect(report.mutants.count == 8 && report.mutants.allSatisfy(\.caught))
        #expect(launcher.gatedRunsStarted() == 1 + 8)
        #expect(launcher.unfinishedRuns() == 0, "a program outlived the check")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("scratch").path).isEmpty)
    }

    /// The programs started one at a time while the tests compiled are stopped with the
    /// others, and none starts once the check is over.
    @Test func aCompileErrorStopsTheProgramsStartedWhileTheTestsCompiledAndNoneStartsAfter() async throws {
        let folder = try TemporaryFolder("early-mutants-many-error")
        let launcher = CountingLauncher(failing: { _ in false })
        let report = try await check(
            Self.passingTests.replacingOccurrences(of: "XCTAssertEqual(counter.value, 1)", with: "let wrong: Int = \"one\""),
            launcher: launcher, in: folder, fixture: try Self.manyPlantedBugs())
        #expect(report.outcome == .compileFailed)
        let started = launcher.gatedRunsStarted()
        // Compiling a file that imports XCTest takes far longer than the 25 ms between two
        // starts: more than the subject's and the first wave's had started.
        #expect(started > 1 + CompilingChecker.mutantsRunAtOnce && started <= 1 + 8)
        #expect(launcher.unfinishedRuns() == 0, "a program outlived the check")
        try await Task.sleep(for: EarlyMutantPrograms.spacing * 8)
        #expect(launcher.gatedRunsStarted() == started, "a program started after the check was over")
        #expect(launcher.unfinishedRuns() == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("scratch").path).isEmpty)
    }

    @Test func testsThatFailOnTheSubjectStopTheMutantsProgramsUnopened() async throws {
        let folder = try TemporaryFolder("early-mutants-stopped")
        let launcher = CountingLauncher(failing: { _ in false })
        let report = try await check(
            "import XCTest\n\nfinal class CounterTests: XCTestCase {\n    func testIncrement() {\n        XCTAssertEqual(Counter().value, 1)\n    }\n}\n",
            launcher: launcher, in: folder)
        #expect(report.outcome == .checksFailed)
        #expect(report.mutants.isEmpty)
        #expect(launcher.unfinishedRuns() == 0, "a mutant's program outlived the check")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("scratch").path).isEmpty)
    }
}
