import DojoCore
import DojoTestSupport
import Foundation
import Testing

/// Grading a learner's workspace: what is checked, what is recorded, how it is described.
@Suite struct GradingTests {
    let fileSystem = InMemoryFileSystem()
    let catalog: LessonCatalog
    let workspace: Workspace

    init() throws {
        let lessons = URL(fileURLWithPath: "/lessons")
        try LessonFixture.arithmetic().write(into: lessons, fileSystem: fileSystem)
        try LessonFixture.testWriting().write(into: lessons, fileSystem: fileSystem)
        catalog = LessonCatalog.load(from: lessons, fileSystem: fileSystem)
        workspace = Workspace(root: URL(fileURLWithPath: "/ws"), fileSystem: fileSystem, timeSource: FixedTimeSource())
        try workspace.prepare(for: catalog.allExercises)
    }

    func checker(_ launcher: ScriptedLauncher) -> ExerciseChecker {
        launcher.checker()
    }

    @Test func gradingCompilesTheLearnersOwnFileNotTheStarter() async throws {
        let launcher = ScriptedLauncher(fileSystem: fileSystem, behaviour: .failCheck("testDoublesTwo", message: "double(2) should be 4"))
        let exercise = try #require(catalog.exercise(id: "arithmetic.1"))
        let grades = try await WorkspaceGrader(checker: checker(launcher), workspace: workspace).grade([exercise])
        let compile = try #require(launcher.compileRequests.first)
        #expect(compile.arguments.contains("/ws/arithmetic/1/Doubler.swift"))
        #expect(!compile.arguments.contains(exercise.starter.path))
        #expect(grades.map(\.passed) == [false])
        #expect(VerificationRow(grades[0]).output == "printed by the learner", "what a failing file printed may explain why")
        #expect(VerificationLine.describe(grades[0]) == "✗ arithmetic.1 does not pass yet: doubles two (double(2) should be 4)")
    }

    @Test func aPassingGradeIsDescribedWithItsCheckCount() async throws {
        let launcher = ScriptedLauncher(fileSystem: fileSystem, behaviour: .pass)
        let exercise = try #require(catalog.exercise(id: "arithmetic.1"))
        let grades = try await WorkspaceGrader(checker: checker(launcher), workspace: workspace).grade([exercise])
        #expect(VerificationLine.describe(grades[0]) == "✓ arithmetic.1 passed (2 checks)")
        let row = VerificationRow(grades[0])
        #expect(row.passed && row.problem == nil && row.subject == .learnerFile && row.lesson == "arithmetic")
        #expect(row.output.isEmpty, "a pass needs no output in the report")
    }

    @Test func gradingRecordsPassesButNotAttemptsAndNeverTakesAPassAway() throws {
        let arithmetic = try #require(catalog.exercise(id: "arithmetic.1"))
        let testing = try #require(catalog.exercise(id: "testing.1"))
        var progress = LearnerProgress()
        let earlier = Date(timeIntervalSince1970: 1_000)
        progress.update(testing.id) {
            $0.passed = true
            $0.attempts = 4
            $0.firstPassedAt = earlier
        }
        let now = FixedTimeSource().now()
        progress.record([
            WorkspaceGrader.Grade(exercise: arithmetic, report: CheckReport(exerciseID: arithmetic.id, outcome: .passed)),
            WorkspaceGrader.Grade(exercise: testing, report: CheckReport(exerciseID: testing.id, outcome: .compileFailed)),
        ], at: now)
        #expect(progress.exercise(arithmetic.id).passed)
        #expect(progress.exercise(arithmetic.id).firstPassedAt == now)
        #expect(progress.exercise(arithmetic.id).attempts == 0)
        #expect(progress.exercise(testing.id).passed)
        #expect(progress.exercise(testing.id).firstPassedAt == earlier)
        #expect(progress.exercise(testing.id).attempts == 4)
    }

    @Test func aCrashIsDescribedOnceWithTheCheckAndTheMessage() throws {
        let report = CheckReport(exerciseID: "arithmetic.1", outcome: .crashed(CrashInfo(checkName: "doubles two", signal: "crashed (trap)", message: "Fatal error: boom")))
        #expect(VerificationLine.problem(report) == "crashed (trap) while checking 'doubles two': Fatal error: boom")
    }

    @Test func theSummaryCountsPassesAndALessonThatDidNotLoadFailsTheRun() throws {
        let rows = [
            VerificationRow(lesson: "a", exercise: "a.1", title: "One", subject: .learnerFile, passed: true, line: "✓ a.1", problem: nil),
            VerificationRow(lesson: "a", exercise: "a.2", title: "Two", subject: .learnerFile, passed: false, line: "✗ a.2", problem: "why"),
        ]
        let summary = VerificationSummary(rows: rows, lessonProblems: [])
        #expect(summary.passed == 1 && summary.total == 2 && !summary.allPassed)
        let clean = VerificationSummary(rows: [rows[0]], lessonProblems: [])
        #expect(clean.allPassed)
        let broken = VerificationSummary(rows: [rows[0]], lessonProblems: [LessonLoadProblem(path: "/l/09-x", problem: "no lesson.yaml")])
        #expect(!broken.allPassed)
        let json = try JSONSerialization.jsonObject(with: Data(try broken.json().utf8)) as? [String: Any]
        #expect(json?["lessonsNotLoaded"] as? [String] == ["/l/09-x: no lesson.yaml"])
        #expect((json?["results"] as? [[String: Any]])?.first?["subject"] as? String == "learner-file")
    }
}
