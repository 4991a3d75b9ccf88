import DojoCatalog
import DojoShell
import DojoTestSupport
import Foundation
import Testing

/// What the shell says follows what is true now: the file's last check, not a pass recorded
/// before it; the check a hint answers, by name; what `watch` does; and `report --verify`.
@MainActor
@Suite struct MessagesFollowTheTruthTests {
    /// The arithmetic lesson with a hint written for one check.
    static func lessonWithAnsweringHint() -> LessonFixture {
        var lesson = LessonFixture.arithmetic()
        lesson.files["lesson.yaml"] = lesson.files["lesson.yaml"]!.replacingOccurrences(of: """
                hints:
                  - "Multiply."
                  - "By two."
            """, with: """
                hints:
                  - "Multiply."
                  - text: "Zero doubled is zero."
                    when: [testDoublesZero]
            """)
        return lesson
    }

    // MARK: hint

    @Test func aFileThatPassedThenBrokeGetsHintsAgain() async throws {
        let harness = try ShellHarness(lines: ["check arithmetic.1", "hint arithmetic.1", "check arithmetic.1", "hint arithmetic.1"])
        harness.checker.upcoming = [.pass, .failCheck("testDoublesTwo", message: "double(2) should be 4")]
        let output = await harness.run()
        // After the pass, nothing to hint at; after the failure, the hints again.
        let passed = try #require(output.range(of: "✓ Your file passed its last check of arithmetic.1: no hint needed, and none was counted."))
        let hint = try #require(output.range(of: "Hint 1 of 2 for arithmetic.1\nMultiply."))
        #expect(passed.upperBound <= hint.lowerBound)
        #expect(!output.contains("You have passed arithmetic.1: no hint needed"))
        let record = harness.progress.exercise("arithmetic.1")
        #expect(record.passed, "the pass stays recorded: trying something else takes nothing away")
        #expect(record.lastCheckPassed == false)
        #expect(record.hintsShown == 1)
    }

    @Test func progressFromBeforeTheLastCheckWasKeptGoesByThePass() async throws {
        let harness = try ShellHarness(lines: ["hint arithmetic.1"])
        try harness.store.update { $0.update("arithmetic.1") { $0.passed = true; $0.attempts = 1 } }
        let output = await harness.run()
        #expect(output.contains("no hint needed, and none was counted."))
        #expect(harness.progress.exercise("arithmetic.1").hintsShown == 0)
    }

    @Test func aHintAboutTheLastFailureNamesTheCheckItAnswers() async throws {
        let harness = try ShellHarness(lines: ["check arithmetic.1", "hint arithmetic.1"], lessons: [Self.lessonWithAnsweringHint()])
        harness.checker.behaviour = .failCheck("testDoublesZero", message: "double(0) should be 0")
        let output = await harness.run()
        #expect(output.contains("Hint 1 of 2 for arithmetic.1, about what failed in your last check:\n  ✗ doubles zero\nZero doubled is zero."))
    }

    @Test func aHintIsNotSaidToAnswerACheckThatPassedLastTime() async throws {
        // The check it was written for failed the time before, not the last time.
        let harness = try ShellHarness(
            lines: ["check arithmetic.1", "check arithmetic.1", "hint arithmetic.1"], lessons: [Self.lessonWithAnsweringHint()]
        )
        harness.checker.upcoming = [
            .failCheck("testDoublesZero", message: "double(0) should be 0"), .failCheck("testDoublesTwo", message: "double(2) should be 4"),
        ]
        let output = await harness.run()
        #expect(output.contains("Hint 1 of 2 for arithmetic.1\nMultiply."))
        #expect(!output.contains("about what failed"))
    }

    // MARK: watch

    @Test func watchSaysThatSavingChecksAgain() async throws {
        let harness = try ShellHarness(lines: ["watch arithmetic.1"], watcherChanges: 1)
        harness.checker.behaviour = .failCheck("testDoublesTwo", message: "double(2) should be 4")
        let output = await harness.run()
        #expect(output.contains("Fix your file and save it: 'watch' checks it again on every save. Stuck? Ctrl-C stops watching; then 'hint'."))
        #expect(!output.contains("then 'check' again"), "under watch, typing 'check' is not the next step")
    }

    @Test func checkStillSaysToCheckAgain() async throws {
        let harness = try ShellHarness(lines: ["check arithmetic.1"])
        harness.checker.behaviour = .failCheck("testDoublesTwo", message: "double(2) should be 4")
        #expect(await harness.run().contains("Fix your file ('edit'), then 'check' again. Stuck? 'hint'."))
    }

    // MARK: report --verify

    @Test func reportVerifyGradesEveryExerciseFirstAndSaysSo() async throws {
        let harness = try ShellHarness(lines: ["report --verify"])
        try harness.fileSystem.write("func double(_ value: Int) -> Int { value * 2 }\n", to: URL(fileURLWithPath: "/ws/arithmetic/1/Doubler.swift"))
        // A pass the progress file claims for a file that is still its starter.
        try harness.store.update { $0.update("testing.1") { $0.passed = true } }
        let output = await harness.run()
        #expect(output.contains("Checked now: 1 of 2 exercises pass."))
        #expect(harness.checker.checkedSources.map(\.lastPathComponent) == ["Doubler.swift"], "the starter is not checked")
        let file = try harness.fileSystem.text(of: URL(fileURLWithPath: "/ws/didojo-report.md"))
        #expect(file.contains("Every pass below was verified now"))
        #expect(file.contains("| arithmetic.1 | Double it | passed | verified now |"))
        #expect(!harness.progress.exercise("testing.1").passed, "the claimed pass was taken back")
        #expect(harness.progress.exercise("arithmetic.1").attempts == 0, "grading is not one of the learner's attempts")
    }

    @Test func reportWithoutVerifySaysItsPassesAreAsRecorded() async throws {
        let harness = try ShellHarness(lines: ["report"])
        _ = await harness.run()
        let file = try harness.fileSystem.text(of: URL(fileURLWithPath: "/ws/didojo-report.md"))
        #expect(file.contains("The passes below are as recorded"))
        #expect(harness.checker.checkedSources.isEmpty)
    }

    @Test func reportVerifyStoppedByCtrlCWritesNoReport() async throws {
        let harness = try ShellHarness()
        try harness.fileSystem.write("func double(_ value: Int) -> Int { value * 2 }\n", to: URL(fileURLWithPath: "/ws/arithmetic/1/Doubler.swift"))
        harness.checker.behaviour = .hang
        let shell = harness.makeShell()
        let report = Task { await shell.execute("report --verify") }
        while !harness.interrupts.isAwaited { try await Task.sleep(for: .milliseconds(5)) }
        harness.interrupts.press()
        _ = await report.value
        #expect(harness.terminal.output.contains("Verifying stopped: no report was written."))
        #expect(!harness.fileSystem.fileExists(at: URL(fileURLWithPath: "/ws/didojo-report.md")))
    }

    @Test func reportRefusesAnUnknownOptionAndHelpNamesVerify() async throws {
        let output = try await ShellHarness(lines: ["report --verfy", "help report"]).run()
        #expect(output.contains("'report' has no option '--verfy'. It takes md or json, and --verify: 'report --verify'."))
        #expect(output.contains("report [md|json] [--verify]"))
        #expect(output.contains("'report --verify' first runs the checks of every exercise"))
    }
}
