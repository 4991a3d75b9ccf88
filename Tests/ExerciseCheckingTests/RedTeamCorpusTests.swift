import DojoCore
@testable import ExerciseChecking
import DojoTestSupport
import Foundation
import Testing

/// The forging techniques an adversarial learner has tried or could try, each written into a
/// wrong answer (`double` returns its argument: both checks fail honestly) and checked again and
/// again (see `runs`) by the real checker with every defence on: none may ever pass. Then the layers beneath the
/// first one, on their own: the reporter that believes only XCTest, with the audit off.
@Suite struct RedTeamCorpusTests {
    /// One forging technique: the learner's file, and what the audit should make of it.
    struct Technique: CustomTestStringConvertible, Sendable {
        let name: String
        let source: String
        /// Whether `ReachAudit` refuses the file before it runs (the rest are stopped later:
        /// by the secrets, the reporter, the kernel, or the checker's reading of the run).
        let refusedByTheAudit: Bool
        var testDescription: String { name }
    }

    /// How often a technique that gets past the audit is checked: where a race between the
    /// forgery and the real run could show. `DIDOJO_RED_TEAM_RUNS` asks for more (a soak, by
    /// hand: `DIDOJO_RED_TEAM_RUNS=200 swift test --filter RedTeamCorpusTests`); one refused by
    /// the audit is refused before anything runs, the same way every time, so once is enough.
    static let runs = ProcessInfo.processInfo.environment["DIDOJO_RED_TEAM_RUNS"].flatMap(Int.init) ?? 10

    @Test(arguments: RedTeamCorpus.techniques)
    func neverAPass(_ technique: Technique) async throws {
        let folder = try TemporaryFolder("red-team")
        let exercise = try RedTeamCorpus.arithmetic(in: folder.url)
        // The same program again and again (its compiled steps are cached): where a race
        // between the forgery and the real run could show.
        for run in 1...(technique.refusedByTheAudit ? 1 : max(1, Self.runs)) {
            let report = try await RedTeamCorpus.check(technique.source, as: exercise, in: folder.url, settings: CheckSettings())
            #expect(!report.passed, "run \(run) of '\(technique.name)' passed: \(report.outcome)")
            if technique.refusedByTheAudit {
                #expect(report.outcome == .compileFailed)
                #expect(report.diagnostics.contains { $0.message.contains("no exercise needs it") || $0.message.contains("has no place in the code under test") })
            }
        }
    }

    /// The issue's own attack, with the audit switched off: the reporter is reached through
    /// XCTest's observers and called with test cases of the learner's making. It refuses every
    /// such call, and the run's end names the interference.
    @Test func theReporterRefusesCallsXCTestDidNotMake() async throws {
        let folder = try TemporaryFolder("red-team-reporter")
        let exercise = try RedTeamCorpus.arithmetic(in: folder.url)
        var settings = CheckSettings()
        settings.refusesReach = false
        for _ in 1...5 {
            let report = try await RedTeamCorpus.check(RedTeamCorpus.observerForgery(thenExit: false), as: exercise, in: folder.url, settings: settings)
            #expect(!report.passed)
            // Proof that the forgery reached the reporter and called it.
            #expect(report.output.contains("reporters found: 1"))
            guard case .resultsInterfered(let reason) = report.outcome else {
                Issue.record("expected the results to be named as interfered with, got \(report.outcome)")
                continue
            }
            #expect(reason.contains("called the checks' reporter itself"))
        }
    }

    /// The same attack ended with `exit(0)` right after its forged run's end: without the
    /// real end of the run there is no pass, audit or not.
    @Test func theForgedEndOfARunIsNotWritten() async throws {
        let folder = try TemporaryFolder("red-team-reporter-exit")
        let exercise = try RedTeamCorpus.arithmetic(in: folder.url)
        var settings = CheckSettings()
        settings.refusesReach = false
        for _ in 1...5 {
            let report = try await RedTeamCorpus.check(RedTeamCorpus.observerForgery(thenExit: true), as: exercise, in: folder.url, settings: settings)
            #expect(!report.passed)
            #expect(report.output.contains("reporters found: 1"))
            guard case .crashed(let crash) = report.outcome else {
                Issue.record("expected an early end, got \(report.outcome)")
                continue
            }
            #expect(crash.exitStatus == 0)
        }
    }

    /// The checks' entry point called again by its symbol, with the audit off: the second run
    /// has no secrets (they were erased before the learner's code was loaded), so what it
    /// writes is foreign to the checker.
    @Test func callingTheEntryPointAgainForgesNothing() async throws {
        let folder = try TemporaryFolder("red-team-entry")
        let exercise = try RedTeamCorpus.arithmetic(in: folder.url)
        var settings = CheckSettings()
        settings.refusesReach = false
        let report = try await RedTeamCorpus.check(RedTeamCorpus.entryPointCalledAgain, as: exercise, in: folder.url, settings: settings)
        #expect(!report.passed)
        #expect(report.output.contains("called the entry point"))
    }

    /// The learner's file that writes tests may use XCTest's assertions, not its reporting.
    @Test func aTestWritingFileThatReachesTheObserversIsRefused() async throws {
        let folder = try TemporaryFolder("red-team-tests")
        let catalog = try LessonFixture.catalog(of: [.testWriting()], in: folder.url, fileSystem: LocalFileSystem())
        let exercise = try #require(catalog.lessons.first?.exercises.first)
        let report = try await RedTeamCorpus.check("""
        import XCTest

        final class CounterTests: XCTestCase {
            func testStartsAtZero() {
                XCTestObservationCenter.shared.addTestObserver(Quiet())
                XCTAssertTrue(true)
            }
        }

        final class Quiet: NSObject, XCTestObservation {}
        """, as: exercise, in: folder.url, settings: CheckSettings())
        #expect(report.outcome == .compileFailed)
        #expect(report.diagnostics.map(\.line).contains(5))
    }
}
