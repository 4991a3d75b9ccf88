import ChildProcess
import DojoCatalog
import DojoCore
import DojoGrading
import DojoTestSupport
@testable import ExerciseChecking
import Foundation
import Testing

/// A test-writing check runs its planted bugs as forks of one program (`PlantedBugsServer`), for
/// real: the verdicts are the tests' own, a run reaches neither the server nor the other runs,
/// a hanging run ends at its time limit, and neither the server nor any run outlives the check.
@Suite struct PlantedBugsServerTests {
    static let passingTests =
        "import XCTest\n\nfinal class CounterTests: XCTestCase {\n    func testIncrement() {\n        let counter = Counter()\n        counter.increment()\n        XCTAssertEqual(counter.value, 1)\n    }\n}\n"

    func check(
        _ tests: String, launcher: CountingLauncher, in folder: TemporaryFolder, fixture: LessonFixture = .testWriting(),
        settings: CheckSettings = CheckSettings()
    ) async throws -> CheckReport {
        let catalog = try LessonFixture.catalog(of: [fixture], in: folder.url, fileSystem: LocalFileSystem())
        let exercise = try #require(catalog.lessons.first?.exercises.first)
        return try await RealChecker.check(tests, as: exercise, in: folder.url, launcher: launcher, settings: settings)
    }

    /// What is left in the checks' scratch folder: nothing, once a check is over.
    func leftInScratch(_ folder: TemporaryFolder) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("scratch").path)
    }

    /// The fixture with six more planted bugs (the counter counts by 3 to 8).
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

    @Test func everyPlantedBugRunsAsAForkOfOneServerAndNothingOutlivesTheCheck() async throws {
        try #require(ForkServerConnection.isSupported, "this kernel has no pidfds")
        let folder = try TemporaryFolder("planted-bugs-server")
        let launcher = CountingLauncher(failing: { _ in false })
        let report = try await check(Self.passingTests, launcher: launcher, in: folder, fixture: try Self.manyPlantedBugs())
        #expect(report.outcome == .passed)
        #expect(report.mutants.count == 8 && report.mutants.allSatisfy(\.caught))
        #expect(report.mutants.allSatisfy { $0.caughtBy == ["increment"] }, "\(report.mutants.map(\.caughtBy))")
        // The subject's program, one server, and a fork of it for each planted bug.
        #expect(launcher.gatedRunsStarted() == 1)
        #expect(launcher.serversStarted() == 1)
        #expect(launcher.forkedRunsRequested() == 8)
        #expect(launcher.unfinishedRuns() == 0, "a program outlived the check")
        #expect(try leftInScratch(folder).isEmpty)
    }

    /// A fork that broke the program it goes on in (a crash, a hang) would fail the learner's
    /// tests, and a failed test counts as a planted bug caught: only a bug the tests truly
    /// miss shows that the runs report what the tests did. The test counts on the main queue
    /// and waits for it, as XCTest's own waits do: a fork whose libdispatch still took the
    /// server's thread for the main one crashed there.
    @Test func aPlantedBugTheTestsMissSurvives() async throws {
        let folder = try TemporaryFolder("planted-bugs-server-survivor")
        let launcher = CountingLauncher(failing: { _ in false })
        let tests = """
            import Foundation
            import XCTest

            final class CounterTests: XCTestCase {
                func testIncrement() {
                    let counter = Counter()
                    let counted = expectation(description: "counted on the main queue")
                    DispatchQueue.main.async {
                        counter.increment()
                        counted.fulfill()
                    }
                    wait(for: [counted], timeout: 5)
                    XCTAssertGreaterThan(counter.value, 0)
                }
            }

            """
        let report = try await check(tests, launcher: launcher, in: folder)
        #expect(report.outcome == .mutantsSurvived)
        #expect(report.mutants.filter { !$0.caught }.map(\.mutant.id) == ["counts-twice"])
        #expect(report.mutants.first { $0.mutant.id == "never-counts" }?.caughtBy == ["increment"])
        #expect(launcher.forkedRunsRequested() == 2)
        #expect(launcher.unfinishedRuns() == 0)
        #expect(try leftInScratch(folder).isEmpty)
    }

    /// The Swift runtime takes its locks under the thread's id, which it keeps once looked up:
    /// a fork that kept the server's could never free a lock another of its threads waited
    /// for, and hung until its time ran out. Here the main thread makes a global that another
    /// thread waits for meanwhile.
    @Test func aRunWhoseThreadsWaitForEachOtherDoesNotHang() async throws {
        let folder = try TemporaryFolder("planted-bugs-server-threads")
        let launcher = CountingLauncher(failing: { _ in false })
        var settings = CheckSettings()
        settings.timeout = .seconds(5)
        let tests = """
            import Foundation
            import XCTest

            let slowlyMade: Int = {
                usleep(300_000)
                return 1
            }()

            final class CounterTests: XCTestCase {
                func testIncrement() {
                    let other = Thread {
                        usleep(50_000)
                        _ = slowlyMade
                    }
                    other.start()
                    XCTAssertEqual(slowlyMade, 1)
                    let counter = Counter()
                    counter.increment()
                    XCTAssertEqual(counter.value, 1)
                }
            }

            """
        let report = try await check(tests, launcher: launcher, in: folder, settings: settings)
        #expect(report.outcome == .passed)
        for mutant in report.mutants {
            #expect(mutant.report.outcome == .checksFailed, "against \(mutant.mutant.id): \(mutant.report.outcome)")
            #expect(mutant.caughtBy == ["increment"])
        }
        #expect(launcher.forkedRunsRequested() == 2)
        #expect(launcher.unfinishedRuns() == 0)
    }

    /// Each run has a Landlock layer of its own: it may write in its own folder only, and
    /// neither list the server's folder, where the other runs' folders are, nor signal its
    /// reaper or the server, which are outside its layer.
    @Test func aRunReachesNeitherTheServerNorTheOtherRuns() async throws {
        let folder = try TemporaryFolder("planted-bugs-server-isolation")
        let launcher = CountingLauncher(failing: { _ in false })
        let tests = """
            import Foundation
            import Glibc
            import XCTest

            final class CounterTests: XCTestCase {
                func testIncrement() {
                    let counter = Counter()
                    counter.increment()
                    XCTAssertEqual(counter.value, 1)
                }

                func testReach() {
                    let own = FileManager.default.currentDirectoryPath
                    XCTAssertTrue(FileManager.default.createFile(atPath: own + "/mine.txt", contents: Data("x".utf8)), "could not write in its own folder")
                    let parent = URL(fileURLWithPath: own).deletingLastPathComponent().path
                    XCTAssertFalse(FileManager.default.createFile(atPath: parent + "/planted.txt", contents: Data("x".utf8)), "wrote beside its folder")
                    XCTAssertThrowsError(try FileManager.default.contentsOfDirectory(atPath: parent), "listed the folder its folder is in")
                    XCTAssertEqual(kill(getppid(), 0), -1, "could signal its parent")
                    XCTAssertEqual(kill(getpgid(getppid()), 0), -1, "could signal its parent's process group")
                }
            }

            """
        let report = try await check(tests, launcher: launcher, in: folder)
        #expect(report.outcome == .passed, "\(report.checks.filter { !$0.passed }.map { "\($0.name): \($0.failures)" })")
        #expect(report.mutants.count == 2)
        for mutant in report.mutants {
            #expect(mutant.caughtBy == ["increment"], "against \(mutant.mutant.id): \(mutant.report.checks.filter { !$0.passed }.map { "\($0.name): \($0.failures)" })")
        }
        #expect(launcher.forkedRunsRequested() == 2)
        #expect(launcher.unfinishedRuns() == 0)
        #expect(try leftInScratch(folder).isEmpty)
    }

    /// A run that never ends is stopped at the check's time limit, with everything it started,
    /// and counts as a planted bug caught; the other runs go on meanwhile.
    @Test func aRunThatHangsEndsAtTheTimeLimitWithWhatItStarted() async throws {
        let folder = try TemporaryFolder("planted-bugs-server-hang")
        let launcher = CountingLauncher(failing: { _ in false })
        var settings = CheckSettings()
        settings.timeout = .seconds(3)
        let marker = ProcessTable.newMarker()
        let tests = """
            import Foundation
            import XCTest

            final class CounterTests: XCTestCase {
                func testIncrement() throws {
                    let counter = Counter()
                    counter.increment()
                    if counter.value == 2 {
                        // A child of its own that would outlive the run, then no end.
                        var sleeper: pid_t = 0
                        let words: [String] = ["/bin/sleep", "\(marker)"]
                        var arguments = words.map { strdup($0) } + [nil]
                        XCTAssertEqual(posix_spawn(&sleeper, "/bin/sleep", nil, nil, &arguments, nil), 0)
                        while true { usleep(1000) }
                    }
                    XCTAssertEqual(counter.value, 1)
                }
            }

            """
        let report = try await check(tests, launcher: launcher, in: folder, settings: settings)
        #expect(report.outcome == .passed)
        let hung = try #require(report.mutants.first { $0.mutant.id == "counts-twice" })
        #expect(hung.caught)
        guard case .timedOut = hung.report.outcome else {
            Issue.record("the hanging run ended as \(hung.report.outcome)")
            return
        }
        #expect(report.mutants.first { $0.mutant.id == "never-counts" }?.caughtBy == ["increment"])
        #expect(launcher.unfinishedRuns() == 0)
        #expect(try leftInScratch(folder).isEmpty)
        // The sleeper went with its run.
        let left = ProcessTable.processes(carrying: marker)
        ProcessTable.killAll(carrying: marker)
        #expect(left.isEmpty, "left running: \(left)")
    }

    /// A server that cannot start a run (it has ended, the system refuses it a fork, a toolchain
    /// whose runtime it cannot prepare a fork of) costs the run nothing but its speed.
    @Test func aRunTheServerCannotStartRunsInAProgramOfItsOwn() async throws {
        let folder = try TemporaryFolder("planted-bugs-server-refused")
        let launcher = CountingLauncher(failing: { request in request.forkServer != nil })
        let report = try await check(Self.passingTests, launcher: launcher, in: folder)
        #expect(report.outcome == .passed)
        #expect(report.mutants.count == 2 && report.mutants.allSatisfy { $0.caughtBy == ["increment"] })
        #expect(launcher.gatedRunsStarted() == 1 + 2)
        #expect(launcher.unfinishedRuns() == 0)
        #expect(try leftInScratch(folder).isEmpty)
    }

    @Test func aCompileErrorStopsTheServerAndNoRunStarts() async throws {
        let folder = try TemporaryFolder("planted-bugs-server-error")
        let launcher = CountingLauncher(failing: { _ in false })
        let report = try await check(
            Self.passingTests.replacingOccurrences(of: "XCTAssertEqual(counter.value, 1)", with: "let wrong: Int = \"one\""),
            launcher: launcher, in: folder, fixture: try Self.manyPlantedBugs())
        #expect(report.outcome == .compileFailed)
        #expect(launcher.serversStarted() <= 1)
        #expect(launcher.forkedRunsRequested() == 0)
        #expect(launcher.unfinishedRuns() == 0, "the server outlived the check")
        #expect(try leftInScratch(folder).isEmpty)
    }

    @Test func testsThatFailOnTheSubjectStartNoRunAndStopTheServer() async throws {
        let folder = try TemporaryFolder("planted-bugs-server-failed")
        let launcher = CountingLauncher(failing: { _ in false })
        let report = try await check(
            "import XCTest\n\nfinal class CounterTests: XCTestCase {\n    func testIncrement() {\n        XCTAssertEqual(Counter().value, 1)\n    }\n}\n",
            launcher: launcher, in: folder)
        #expect(report.outcome == .checksFailed)
        #expect(report.mutants.isEmpty)
        #expect(launcher.forkedRunsRequested() == 0)
        #expect(launcher.unfinishedRuns() == 0, "the server outlived the check")
        #expect(try leftInScratch(folder).isEmpty)
    }
}
