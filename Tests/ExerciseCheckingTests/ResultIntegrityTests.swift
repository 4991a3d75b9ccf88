import DojoCatalog
import DojoCore
import DojoGrading
@testable import ExerciseChecking
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
        let catalog = try LessonFixture.catalog(of: [.arithmetic()], in: folder.url, fileSystem: fileSystem)
        arithmetic = try #require(catalog.exercise(id: "arithmetic.1"))
    }

    /// Writes `source` as the learner's file, plus any `extraFiles` beside it, and checks it.
    func check(_ source: String, extraFiles: [String: String] = [:]) async throws -> CheckReport {
        let learnerFolder = folder.url.appendingPathComponent("workspace/\(UUID().uuidString)")
        try fileSystem.write(source, to: learnerFolder.appendingPathComponent(arithmetic.fileName))
        for (name, text) in extraFiles {
            try fileSystem.write(text, to: learnerFolder.appendingPathComponent(name))
        }
        var settings = CheckSettings()
        // Ample: the hunt for the tokens runs a regular expression over every file of its
        // folder (a few megabytes of libraries). Its test takes a second alone, 29–37 s beside
        // the rest of the suite on two cores, and once printed nothing there, as a program
        // stopped at a 20 s limit would.
        settings.timeout = .seconds(90)
        // These cheats prove the layers beneath the audit that refuses them first (see
        // `ReachAuditTests` and `RedTeamCorpusTests` for the audit itself).
        settings.refusesReach = false
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
        #expect(report.outcome == .crashed(CrashInfo(checkName: "doubles two", signal: "ended early with exit status 0", message: nil, exitStatus: 0)))
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

    /// The forging half of the hunts below: every candidate secret on every event a passing
    /// run needs, written over the results file, then an early exit. Wrong secrets are
    /// ignored by the checker, so one right secret per event would be enough.
    static let forgeWithCandidates = """
        func forge(_ candidates: Set<String>, label: String) -> Never {
            var forged = ""
            for token in candidates {
                for test in ["DoublerChecks.testDoublesTwo", "DoublerChecks.testDoublesZero"] {
                    forged += #"{"event":"start","test":"\\#(test)","token":"\\#(token)"}"# + "\\n"
                    forged += #"{"event":"finish","test":"\\#(test)","token":"\\#(token)"}"# + "\\n"
                }
                forged += #"{"event":"done","token":"\\#(token)"}"# + "\\n"
            }
            let here = FileManager.default.currentDirectoryPath
            for name in (try? FileManager.default.contentsOfDirectory(atPath: here)) ?? [] where name.hasSuffix(".jsonl") {
                // Said (and flushed) before the results file is overwritten: a forged end in it
                // may end the run before a line printed after it is out.
                print("\\(label): forged with \\(candidates.count) candidate(s)")
                fflush(stdout)
                FileManager.default.createFile(atPath: here + "/" + name, contents: Data(forged.utf8))
            }
            exit(0)
        }
        """

    @Test func theTokensAreNowhereTheLearnersCodeCanReadThem() async throws {
        // Hunts for anything shaped like the secrets (runs of lowercase hex digits, as
        // `ResultTokens` makes them) where a program can look without reading its own memory:
        // the environment as the kernel keeps it, the program's own file, and every file in its
        // working folder. Then forges a passing run with every candidate.
        let report = try await check("""
        import Foundation
        \(Self.forgeWithCandidates)
        func double(_ value: Int) -> Int {
            let pattern = try! NSRegularExpression(pattern: "[0-9a-f]{12,32}")
            var texts = [String]()
            for path in ["/proc/self/environ", "/proc/self/exe"] {
                if let data = FileManager.default.contents(atPath: path) { texts.append(String(decoding: data, as: UTF8.self)) }
            }
            let here = FileManager.default.currentDirectoryPath
            texts.append(here)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: here)) ?? [] {
                texts.append(name)
                if let data = FileManager.default.contents(atPath: here + "/" + name) { texts.append(String(decoding: data, as: UTF8.self)) }
            }
            var candidates = Set<String>()
            for text in texts {
                for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                    candidates.insert(String(text[Range(match.range, in: text)!]))
                }
            }
            forge(candidates, label: "files")
        }
        """)
        #expect(!report.passed)
        // Proof that the hunt found secret-shaped text (the first check's start event is in the
        // results file by design: it gives nothing away) and reached the results file.
        #expect(report.output.hasPrefix("files: forged with "), "outcome \(report.outcome), checks \(report.checks.map(\.name))")
        #expect(!report.output.hasPrefix("files: forged with 0 "), "the hunt must find the secret already written, or it proves nothing")
    }

    @Test func walkingXCTestsObjectsWithMirrorFindsNoSecret() async throws {
        // XCTest keeps the program's result reporter among its observers, which the learner's
        // code can reach: this walks everything Mirror shows from XCTestObservationCenter down,
        // collects every string shaped like a secret, and forges a passing run with them.
        let report = try await check("""
        import Foundation
        import XCTest
        \(Self.forgeWithCandidates)
        func double(_ value: Int) -> Int {
            var candidates = Set<String>()
            var reachedReporter = false
            var seen = Set<ObjectIdentifier>()
            func walk(_ value: Any, depth: Int) {
                guard depth < 12 else { return }
                if String(describing: type(of: value)).contains("ResultReporter") { reachedReporter = true }
                if let object = value as? AnyObject, !(value is String) {
                    guard seen.insert(ObjectIdentifier(object)).inserted else { return }
                }
                if let text = value as? String {
                    if text.count >= 12, text.allSatisfy({ $0.isHexDigit }) { candidates.insert(text) }
                    return
                }
                var mirror: Mirror? = Mirror(reflecting: value)
                while let current = mirror {
                    for child in current.children { walk(child.value, depth: depth + 1) }
                    mirror = current.superclassMirror
                }
            }
            walk(XCTestObservationCenter.shared, depth: 0)
            print("reached the reporter: \\(reachedReporter)")
            forge(candidates, label: "mirror")
        }
        """)
        #expect(!report.passed, "the secrets must not be reachable through Mirror")
        // Proof that the walk got to the object that writes the results.
        #expect(report.output.contains("reached the reporter: true"))
        #expect(report.output.contains("mirror: forged with "))
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

    // MARK: Names that would take the place of XCTest's (issue 18)

    @Test func aLearnersOwnXCTAssertEqualDoesNotJudgeTheirCode() async throws {
        // The cheat a teacher saw pass: no-op assertions of the learner's own, and a wrong
        // double. The checks call XCTest's by module, so the real ones judge it.
        let report = try await check("""
        import XCTest
        public func XCTAssertEqual<T: Equatable>(_ a: @autoclosure () throws -> T, _ b: @autoclosure () throws -> T, _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}
        public func XCTAssertTrue(_ condition: @autoclosure () throws -> Bool, _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}
        public func XCTAssert(_ condition: @autoclosure () throws -> Bool, _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}
        public func XCTFail(_ message: String = "", file: StaticString = #filePath, line: UInt = #line) {}
        func double(_ value: Int) -> Int { value + 3 }
        """)
        #expect(report.outcome == .checksFailed)
        #expect(report.checks.filter { !$0.passed }.map(\.name) == ["testDoublesTwo", "testDoublesZero"])
        #expect(report.checks.flatMap(\.failures).contains { $0.description.contains("double(2) should be 4") })
    }

    @Test func theChecksCopyNamesXCTestsModuleAtEveryCall() throws {
        // The second defence on its own: the checks' copy names XCTest's module at every call,
        // so even an unaudited declaration of the learner's cannot take the call.
        let checks = """
        import XCTest
        final class DoublerChecks: XCTestCase {
            func testDoublesTwo() {
                XCTAssertEqual(double(2), 4, "double(2) should be 4")
            }
        }
        """
        let copy = TestsFileCopy.text(of: checks, originalPath: "/lessons/Checks.swift", leavingOutImportsOf: [], qualifyingXCTest: true)
        #expect(copy.contains("XCTest::XCTAssertEqual(double(2), 4"))
        #expect(copy.contains("class DoublerChecks: XCTest::XCTestCase"))
        // Nothing moves: every line keeps its number.
        #expect(copy.split(separator: "\n", omittingEmptySubsequences: false).count == checks.split(separator: "\n", omittingEmptySubsequences: false).count + 1)
    }

    @Test func aCheatSetForTheProgramsExitNeverRuns() async throws {
        // At the program's exit, when every event has been written, the learner's code would
        // take the failure lines out of the results file. The program ends itself as soon as
        // the run's end is written (see `TestHostEndLine`): exit handlers never run. (Failure
        // lines deleted while the checks run are named as interference: CheckParsingTests.)
        let report = try await check("""
        import Foundation
        private let eraser: Void = {
            atexit {
                let here = FileManager.default.currentDirectoryPath
                for name in (try? FileManager.default.contentsOfDirectory(atPath: here)) ?? [] where name.hasSuffix(".jsonl") {
                    let path = here + "/" + name
                    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
                    let kept = text.split(separator: "\\n").filter { !$0.contains("\\"failure\\"") }
                    try? (kept.joined(separator: "\\n") + "\\n").write(toFile: path, atomically: false, encoding: .utf8)
                    print("erased \\(text.split(separator: "\\n").count - kept.count) failure line(s)")
                }
            }
        }()
        func double(_ value: Int) -> Int {
            _ = eraser
            print("eraser set")
            return value + 3
        }
        """)
        #expect(report.outcome == .checksFailed)
        #expect(report.checks.filter { !$0.passed }.map(\.name) == ["testDoublesTwo", "testDoublesZero"])
        #expect(report.output.contains("eraser set"), "the learner's code ran: \(report.output)")
        #expect(!report.output.contains("erased"), "an exit handler ran: \(report.output)")
    }

    @Test func anEndLineOfTheLearnersOwnDoesNotEndTheRun() async throws {
        // The line the program writes once the run's end is in the results, with a made-up
        // secret, printed before any check has run: the checks still all run and count.
        let report = try await check("""
        import Foundation
        func double(_ value: Int) -> Int {
            fputs("didojo-test-host: done 0123456789abcdef0123456789abcdef\\n", stderr)
            return value * 2
        }
        """)
        #expect(report.outcome == .passed)
        #expect(report.checks.count == 2)
        #expect(report.checks.allSatisfy { $0.passed })
    }
}
