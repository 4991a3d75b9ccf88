import DojoCatalog
import DojoCore
import DojoGrading
@testable import DojoShell
import DojoTestSupport
import Foundation
import Testing
import WiringAnalysis
import WiringModel

/// How a failed check's wiring notes read: under "Wiring:", each with its place, its sentence
/// ("looks like") and the source line. The first test runs the real checker on a real starter.
@MainActor
@Suite struct CheckReportViewWiringTests {
    let exercise: Exercise

    init() throws {
        exercise = try #require(RealChecker.repositoryLessons.exercise(id: "no-di.2"))
    }

    @Test func aRealStarterWithAHardWiredClientShowsItUnderWiring() async throws {
        let folder = try TemporaryFolder("wiring-view")
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("learner/\(exercise.fileName)")
        try LocalFileSystem().write(try String(contentsOf: exercise.starter, encoding: .utf8), to: file)
        let report = try await RealChecker.make(scratch: folder.url.appendingPathComponent("scratch")).check(exercise, source: file)

        let text = PlainReportText.text(of: report, exercise: exercise, learnerFile: file, fileSystem: LocalFileSystem())
        #expect(text.contains("""
              Wiring: (read from the shape of your file, a heuristic)
                SocialPresenter.swift:8 SocialPresenter creates TwitterClient() itself for
                  `client`: looks like a hard-wired dependency (Control Freak)
            """), "\(text)")
        #expect(text.contains("    8 |     private let client = TwitterClient()"))
        #expect(text.contains("'graph no-di.2' draws the wiring of your file."))
    }

    @Test func notesFollowTheChecksAndComeBeforeTheLearnersOutput() throws {
        let fileSystem = InMemoryFileSystem()
        let file = URL(fileURLWithPath: "/ws/no-di/2/SocialPresenter.swift")
        try fileSystem.write("import Domain\n\nfinal class SocialPresenter {\n    private let client = TwitterClient()\n}\n", to: file)
        var report = CheckReport(
            exerciseID: "no-di.2", outcome: .checksFailed,
            checks: [CheckResult(name: "testShares", testCase: "Checks", failures: [CheckFailure(description: "XCTAssertTrue failed - nothing posted", file: "/c.swift", line: 3)])],
            output: "hello from the learner"
        )
        report.wiringNotes = [WiringFinding(
            kind: .hardWiredDependency, file: file.path, line: 4, type: "SocialPresenter", member: "client", target: "TwitterClient",
            message: "TwitterClient() looks like a hard-wired dependency."
        )]
        let text = PlainReportText.text(of: report, exercise: exercise, learnerFile: file, fileSystem: fileSystem)
        let checks = try #require(text.range(of: "nothing posted"))
        let wiring = try #require(text.range(of: "Wiring:"))
        let output = try #require(text.range(of: "hello from the learner"))
        #expect(checks.upperBound < wiring.lowerBound && wiring.upperBound < output.lowerBound)
        #expect(text.contains("    SocialPresenter.swift:4 TwitterClient() looks like a hard-wired dependency."))
        #expect(text.contains("    4 |     private let client = TwitterClient()"))
    }

    @Test func aReportWithoutNotesHasNoWiringHeading() {
        let report = CheckReport(exerciseID: "no-di.2", outcome: .checksFailed, checks: [CheckResult(name: "testShares", testCase: "Checks")])
        let text = PlainReportText.text(of: report, exercise: exercise, learnerFile: URL(fileURLWithPath: "/nowhere.swift"), fileSystem: InMemoryFileSystem())
        #expect(!text.contains("Wiring:"))
    }
}
