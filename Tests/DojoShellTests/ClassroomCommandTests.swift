import DojoShell
import DojoTestSupport
import Foundation
import Testing

/// The commands a workshop needs from the learner's side: `report`, `reset --all`, and the
/// first-open times the report's "time to pass" is measured from.
@MainActor
@Suite struct ClassroomCommandTests {
    @Test func reportShowsAttemptsAndHintsAndWritesTheFileToHandIn() async throws {
        let harness = try ShellHarness(lines: ["hint arithmetic.1", "check arithmetic.1", "check arithmetic.1", "report"])
        harness.checker.behaviour = .pass
        let output = await harness.run()
        #expect(output.contains("Exercises passed: 1 of 2 · attempts: 2 · hints shown: 1 · solutions seen: 0\n"))
        // The fixed clock makes the time from first open to first pass zero.
        #expect(output.contains("  ✓ arithmetic.1  Double it         2      1  under 1 min\n"))
        #expect(output.contains("✓ Written to /ws/didojo-report.md: hand in this file."))
        let written = try harness.fileSystem.text(of: URL(fileURLWithPath: "/ws/didojo-report.md"))
        #expect(written.hasPrefix("# DIDojo report"))
        #expect(written.contains("| arithmetic.1 | Double it | passed | recorded 2016-06-18 | 2        | 1     | under 1 min  |"), "\(written)")
    }

    @Test func reportJSONIsWrittenBesideAndAnUnknownFormatIsExplained() async throws {
        let harness = try ShellHarness(lines: ["report json", "report xml"])
        let output = await harness.run()
        let data = try harness.fileSystem.contents(of: URL(fileURLWithPath: "/ws/didojo-report.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect((object["totals"] as? [String: Any])?["exercises"] as? Int == 2)
        #expect(output.contains("'report' writes md (the default) or json, not 'xml'. Try 'report' or 'report json'."))
    }

    @Test func workingOnAnExerciseStartsItsClockButResettingItDoesNot() async throws {
        let harness = try ShellHarness(lines: ["reset testing.1", "n", "exercise arithmetic.1"])
        _ = await harness.run()
        #expect(harness.progress.exercise("arithmetic.1").firstOpenedAt == FixedTimeSource().now())
        #expect(harness.progress.exercise("testing.1").firstOpenedAt == nil)
    }

    @Test func aCheckAloneCountsAsOpening() async throws {
        let harness = try ShellHarness()
        let shell = harness.makeShell()
        let exercise = try #require(harness.catalog.exercise(id: "arithmetic.1"))
        _ = await shell.session.runCheck(exercise)
        #expect(harness.progress.exercise("arithmetic.1").firstOpenedAt == FixedTimeSource().now())
    }

    @Test func resetAllAsksThenKeepsEveryFileAndClearsTheProgress() async throws {
        let harness = try ShellHarness(lines: ["hint arithmetic.1", "reset --all", "y", "progress"])
        let doubler = URL(fileURLWithPath: "/ws/arithmetic/1/Doubler.swift")
        try harness.fileSystem.write("func double(_ value: Int) -> Int { value * 2 }\n", to: doubler)
        let output = await harness.run()
        #expect(output.contains("Start over: put back the starter of all 2 exercises and clear your progress?"))
        #expect(output.contains("✓ Started over: every exercise has its starter again and your progress is cleared."))
        #expect(output.contains("Your previous files and progress are kept in /ws/.didojo/backups/reset-all-20160618-000000"))
        #expect(try harness.fileSystem.text(of: URL(fileURLWithPath: "/ws/.didojo/backups/reset-all-20160618-000000/arithmetic/1/Doubler.swift"))
            == "func double(_ value: Int) -> Int { value * 2 }\n")
        #expect(harness.fileSystem.fileExists(at: URL(fileURLWithPath: "/ws/.didojo/backups/reset-all-20160618-000000/progress.json")))
        #expect(try harness.fileSystem.text(of: doubler).contains("TODO"))
        #expect(harness.progress.exercise("arithmetic.1").hintsShown == 0)
        #expect(output.contains("arithmetic: 0/1 passed, 0 attempts, 0 hints used"))
    }

    @Test func resetAllAnsweredNoChangesNothing() async throws {
        let harness = try ShellHarness(lines: ["hint arithmetic.1", "reset --all", "n"])
        let doubler = URL(fileURLWithPath: "/ws/arithmetic/1/Doubler.swift")
        try harness.fileSystem.write("mine", to: doubler)
        let output = await harness.run()
        #expect(output.contains("Nothing changed."))
        #expect(try harness.fileSystem.text(of: doubler) == "mine")
        #expect(harness.progress.exercise("arithmetic.1").hintsShown == 1)
        #expect(!harness.fileSystem.allFiles.contains { $0.contains("backups") })
    }
}
