import DojoCatalog
import DojoCore
import DojoTestSupport
@testable import ExerciseChecking
import Foundation
import Testing

/// What `ReachAudit` refuses, and what it leaves alone: the real lessons' solutions, starters
/// and catalogued mistakes must never be refused by it (their own checks judge them).
@Suite struct ReachAuditTests {
    let implementation = ReachAudit(kind: .implementation)
    let tests = ReachAudit(kind: .tests)

    @Test(arguments: [
        ("import XCTest\nfunc f() {}", 1),
        ("let center = XCTestObservationCenter.shared", 1),
        ("let m = Mirror(reflecting: 1)", 1),
        ("let p = UnsafeMutableRawPointer(bitPattern: 8)", 1),
        ("let x = withUnsafeBytes(of: 1) { $0.count }", 1),
        ("let b = unsafeBitCast(1, to: UInt.self)", 1),
        ("let h = dlopen(nil, 0)", 1),
        ("let c: AnyClass? = NSClassFromString(\"X\")", 1),
        ("@_silgen_name(\"didojo_checks\")\nfunc run()", 1),
        ("let path = \"/proc/self/mem\"", 1),
        ("let t = _typeByName(\"Si\")", 1),
        ("func f(_ c: XCTestCase) { _ = c.testRun }", 1),
    ])
    func refusedInTheCodeUnderTest(source: String, line: Int) {
        let findings = implementation.findings(inLearnerSource: source, path: "/w/File.swift")
        #expect(findings.map(\.line) == [line], "\(source)")
        #expect(findings.allSatisfy { $0.file == "/w/File.swift" && $0.severity == .error })
    }

    @Test func aTestWritingFileMayImportXCTestButNotReachItsReporting() {
        let source = """
        import XCTest
        final class MyTests: XCTestCase {
            func testIt() { XCTAssertEqual(1, 1) }
            func testSneaky() { XCTestObservationCenter.shared.removeTestObserver(self as! XCTestObservation) }
        }
        """
        #expect(implementation.findings(inLearnerSource: source, path: "f").map(\.line) == [1, 4])
        #expect(tests.findings(inLearnerSource: source, path: "f").map(\.line) == [4])
    }

    @Test func namesOfTheLearnersOwnAreLeftAlone() {
        let source = """
        final class Recorder {
            var testRun = 0
            let mirrorLike = "Mirror"
            nonisolated(unsafe) var shared = 0
        }
        struct Box: @unchecked Sendable {}
        """
        #expect(implementation.findings(inLearnerSource: source, path: "f").isEmpty)
    }

    /// Every file of the real lessons a check runs: a solution, a starter or a catalogued
    /// mistake refused by the audit would be judged by it instead of by its checks.
    @Test func noFileOfTheLessonsIsRefused() throws {
        let catalog = LessonCatalog.load(from: Didojo.lessonsFolder, fileSystem: LocalFileSystem())
        var checked = 0
        for exercise in catalog.lessons.flatMap(\.exercises) {
            let audit = ReachAudit(kind: exercise.kind == .test ? .tests : .implementation)
            let mistakes = exercise.mistakes.map(\.file)
            for file in [exercise.solution, exercise.starter] + mistakes {
                let text = try String(contentsOf: file, encoding: .utf8)
                #expect(audit.findings(inLearnerSource: text, path: file.path).isEmpty, "\(file.path)")
                checked += 1
            }
        }
        #expect(checked > 100, "the lessons were not found: \(checked) files")
    }
}
