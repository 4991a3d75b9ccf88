import DojoCore
import DojoTestSupport
import Foundation
import Testing

/// A learner's program must not be able to fake a pass: the checks come from Lessons/, and the
/// results reach the checker through a channel the program cannot forge (see `TestMainGenerator`).
/// Each test is a cheat that a curious learner might try, written against a wrong `double`.
@Suite(.serialized) struct ResultIntegrityTests {
    let folder: TemporaryFolder
    let fileSystem = LocalFileSystem()
    let arithmetic: Exercise

    init() throws {
        folder = try TemporaryFolder("integrity")
        let lessons = folder.url.appendingPathComponent("Lessons")
        try LessonFixture.arithmetic().write(into: lessons, fileSystem: fileSystem)
        arithmetic = try #require(LessonCatalog.load(from: lessons, fileSystem: fileSystem).exercise(id: "arithmetic.1"))
    }

    /// Writes `source` as the learner's file, plus any `extraFiles` beside it, and checks it.
    func check(_ source: String, extraFiles: [String: String] = [:]) async throws -> CheckReport {
        let learnerFolder = folder.url.appendingPathComponent("workspace/\(UUID().uuidString)")
        try fileSystem.write(source, to: learnerFolder.appendingPathComponent(arithmetic.fileName))
        for (name, text) in extraFiles {
            try fileSystem.write(text, to: learnerFolder.appendingPathComponent(name))
        }
        var settings = CheckSettings()
        settings.timeout = .seconds(20)
        return try await RealChecker.make(settings: settings, scratch: folder.url.appendingPathComponent("scratch"))
            .check(arithmetic, source: learnerFolder.appendingPathComponent(arithmetic.fileName))
    }

    @Test func printingAPassingSummaryAndExitingIsNotAPass() async throws {
        let report = try await check("""
        import Foundation
        func double(_ value: Int) -> Int {
            print("Test Suite 'All tests' passed at 2026-11-22 10:00:00.000")
            print("\\t Executed 2 tests, with 0 failures (0 unexpected) in 0.001 (0.001) seconds")
            exit(0)
        }
        """)
        #expect(!report.passed)
        #expect(report.outcome == .crashed(CrashInfo(checkName: "doubles two", signal: "ended early with exit status 0", message: nil)))
    }

    @Test func writingFakeEventsIntoTheResultsChannelIsNotAPass() async throws {
        // Looks for the results file the way a determined learner would: the variable first,
        // then any .jsonl file in the working folder; writes "passed" events for every check
        // in the format the file uses, then ends the program before a real check can fail.
        let report = try await check("""
        import Foundation
        func double(_ value: Int) -> Int {
            var paths: [String] = []
            if let path = ProcessInfo.processInfo.environment["DIDOJO_RESULTS"] { paths.append(path) }
            let here = FileManager.default.currentDirectoryPath
            for name in (try? FileManager.default.contentsOfDirectory(atPath: here)) ?? [] where name.hasSuffix(".jsonl") {
                paths.append(here + "/" + name)
            }
            precondition(!paths.isEmpty, "the cheat found no results file")
            var forged = ""
            for test in ["DoublerChecks.testDoublesTwo", "DoublerChecks.testDoublesZero"] {
                forged += #"{"event":"start","test":"\\#(test)"}"# + "\\n"
                forged += #"{"event":"finish","test":"\\#(test)"}"# + "\\n"
            }
            forged += #"{"event":"done"}"# + "\\n"
            for path in paths {
                FileManager.default.createFile(atPath: path, contents: Data(forged.utf8))
            }
            print("forged \\(paths.count) file(s)")
            exit(0)
        }
        """)
        #expect(!report.passed)
        // Proof that the cheat really reached the results file (and not through the variable).
        #expect(report.output == "forged 1 file(s)")
    }

    @Test func theEnvironmentNoLongerNamesTheResultsFileWhenTheLearnersCodeRuns() async throws {
        let report = try await check("""
        import Foundation
        func double(_ value: Int) -> Int {
            print("results variable: \\(ProcessInfo.processInfo.environment["DIDOJO_RESULTS"] ?? "gone")")
            return value * 2
        }
        """)
        #expect(report.outcome == .passed)
        #expect(report.output.contains("results variable: gone"))
    }

    @Test func editedChecksInTheWorkspaceAreNotUsed() async throws {
        // A learner copies the checks next to their file and makes them pass trivially.
        let lenientChecks = """
        import XCTest
        final class DoublerChecks: XCTestCase {
            func testDoublesTwo() {}
            func testDoublesZero() {}
        }
        """
        let report = try await check("func double(_ value: Int) -> Int { value + 2 }\n", extraFiles: ["Checks.swift": lenientChecks])
        #expect(report.outcome == .checksFailed)
        #expect(report.checks.filter { !$0.passed }.map(\.name) == ["testDoublesZero"])
    }
}
