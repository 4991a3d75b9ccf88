import DojoCatalog
import DojoGrading
import DojoTestSupport
import DojoWorkspace
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

    var store: ProgressStore { ProgressStore(file: workspace.progressFile, fileSystem: fileSystem, timeSource: FixedTimeSource()) }

    /// Changes the learner's file of `exercise`, as a learner who tried it would have.
    func tryIt(_ exercise: Exercise) throws {
        let file = workspace.file(for: exercise)
        try fileSystem.write(Data((try fileSystem.text(of: file) + "\n// tried\n").utf8), to: file)
    }

    func grader(_ checker: FakeChecker) -> WorkspaceGrader {
        WorkspaceGrader(recorder: CheckRecorder(checker: checker, store: store, timeSource: FixedTimeSource()), workspace: workspace)
    }

    @Test func gradingChecksTheLearnersOwnFileNotTheStarter() async throws {
        let checker = FakeChecker(fileSystem: fileSystem, behaviour: .failCheck("testDoublesTwo", message: "double(2) should be 4"))
        let exercise = try #require(catalog.exercise(id: "arithmetic.1"))
        try tryIt(exercise)
        let grades = try await grader(checker).grade([exercise])
        #expect(checker.checkedSources == [URL(fileURLWithPath: "/ws/arithmetic/1/Doubler.swift")])
        #expect(grades.map(\.passed) == [false])
        #expect(VerificationRow(grades[0]).output == "printed by the learner", "what a failing file printed may explain why")
        #expect(VerificationLine.describe(grades[0]) == "✗ arithmetic.1 does not pass yet: doubles two (double(2) should be 4)")
    }

    @Test func aPassingGradeIsDescribedWithItsCheckCount() async throws {
        let exercise = try #require(catalog.exercise(id: "arithmetic.1"))
        try tryIt(exercise)
        let grades = try await grader(FakeChecker(fileSystem: fileSystem, behaviour: .pass)).grade([exercise])
        #expect(VerificationLine.describe(grades[0]) == "✓ arithmetic.1 passed (2 checks)")
        let row = VerificationRow(grades[0])
        #expect(row.passed && row.problem == nil && row.subject == .learnerFile && row.lesson == "arithmetic")
        #expect(row.output.isEmpty, "a pass needs no output in the report")
    }

    @Test func gradingRecordsPassesButNotAttempts() async throws {
        let exercise = try #require(catalog.exercise(id: "arithmetic.1"))
        try tryIt(exercise)
        _ = try await grader(FakeChecker(fileSystem: fileSystem, behaviour: .pass)).grade([exercise])
        let record = try store.read().progress.exercise(exercise.id)
        #expect(record.passed)
        #expect(record.firstPassedAt == FixedTimeSource().now())
        #expect(record.attempts == 0, "a grading run is not one of the learner's attempts")
    }

    @Test func gradingTakesBackARecordedPassTheFileNoLongerEarns() async throws {
        let exercise = try #require(catalog.exercise(id: "arithmetic.1"))
        try tryIt(exercise)
        let earlier = Date(timeIntervalSince1970: 1_000)
        // As a hand-edited progress file, or an edited export imported back, would say.
        try store.update { progress in
            progress.update(exercise.id) {
                $0.passed = true
                $0.attempts = 4
                $0.firstPassedAt = earlier
            }
        }
        let grades = try await grader(FakeChecker(fileSystem: fileSystem, behaviour: .failCheck("testDoublesTwo", message: "no"))).grade([exercise])
        #expect(grades[0].passTakenBack)
        let record = try store.read().progress.exercise(exercise.id)
        #expect(!record.passed, "a grade comes from the checks, not from the progress file")
        #expect(record.attempts == 4)
    }

    @Test func anUntriedFileIsNotCheckedAndIsGradedAsSkippedTakingBackARecordedPass() async throws {
        let exercise = try #require(catalog.exercise(id: "arithmetic.1"))
        try store.update { progress in progress.update(exercise.id) { $0.passed = true } }
        let checker = FakeChecker(fileSystem: fileSystem, behaviour: .pass)
        let grades = try await grader(checker).grade([exercise])
        #expect(checker.checkedSources.isEmpty, "a starter fails by design: nothing to check")
        #expect(grades[0].untried && !grades[0].passed && grades[0].passTakenBack)
        #expect(VerificationLine.describe(grades[0]) == "· arithmetic.1 not tried yet: the file is still the starter, so it was not checked")
        let row = VerificationRow(grades[0])
        #expect(row.untried && !row.passed)
        let xml = JUnitReport.xml([row])
        #expect(xml.contains("failures=\"0\" errors=\"0\" skipped=\"1\""))
        #expect(xml.contains("<skipped message=\"the file is still the starter, so it was not checked\"/>"))
        #expect(try !store.read().progress.exercise(exercise.id).passed)
    }

    @Test func aCancelledCheckRecordsNothing() async throws {
        let exercise = try #require(catalog.exercise(id: "arithmetic.1"))
        let recorder = CheckRecorder(checker: FakeChecker(fileSystem: fileSystem, behaviour: .hang), store: store, timeSource: FixedTimeSource())
        let check = Task { try await recorder.check(exercise, source: workspace.file(for: exercise), purpose: .attempt) }
        check.cancel()
        let recorded = try await check.value
        #expect(recorded.report.outcome == .cancelled)
        #expect(recorded.progress == nil)
        #expect(!fileSystem.fileExists(at: store.file), "nothing was written")
    }

    @Test func observersHearOfEachRecordedCheckWithTheFailingChecks() async throws {
        let exercise = try #require(catalog.exercise(id: "arithmetic.1"))
        let observer = RecordingCheckObserver()
        let recorder = CheckRecorder(
            checker: FakeChecker(fileSystem: fileSystem, behaviour: .failCheck("testDoublesZero", message: "zero")),
            store: store, timeSource: FixedTimeSource(), observers: [observer]
        )
        _ = try await recorder.check(exercise, source: workspace.file(for: exercise), purpose: .attempt)
        let event = try #require(observer.events.first)
        #expect(observer.events.count == 1)
        #expect(event.exerciseID == "arithmetic.1" && event.lessonID == "arithmetic" && !event.passed)
        #expect(event.failingChecks == ["doubles zero"])
        #expect(event.purpose == .attempt)
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
