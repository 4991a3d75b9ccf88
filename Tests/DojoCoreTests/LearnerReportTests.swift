import DojoCatalog
import DojoGrading
import DojoTestSupport
import DojoWorkspace
import Foundation
import Testing

/// The learner's report: the model built from catalog and progress, and its Markdown and JSON.
@Suite struct LearnerReportTests {
    let catalog: LessonCatalog
    let opened = Date(timeIntervalSince1970: 1_466_208_000)
    let written = Date(timeIntervalSince1970: 1_466_215_200)

    init() throws {
        let fileSystem = InMemoryFileSystem()
        let lessons = URL(fileURLWithPath: "/lessons")
        try LessonFixture.arithmetic().write(into: lessons, fileSystem: fileSystem)
        try LessonFixture.testWriting().write(into: lessons, fileSystem: fileSystem)
        catalog = LessonCatalog.load(from: lessons, fileSystem: fileSystem)
    }

    /// arithmetic.1 passed after 12 minutes, 3 checks and 2 hints; testing.1 tried once.
    var progress: LearnerProgress {
        var progress = LearnerProgress()
        progress.update("arithmetic.1") {
            $0.firstOpenedAt = opened
            $0.firstPassedAt = opened.addingTimeInterval(12 * 60 + 10)
            $0.passed = true
            $0.attempts = 3
            $0.hintsShown = 2
        }
        progress.update("testing.1") {
            $0.firstOpenedAt = opened
            $0.attempts = 1
            $0.hintsShown = 1
            $0.solutionSeen = true
        }
        return progress
    }

    @Test func totalsAddUpEveryExercise() {
        let report = LearnerReport(catalog: catalog, progress: progress, workspace: "/ws", writtenAt: written)
        #expect(report.totals.exercisesPassed == 1)
        #expect(report.totals.exercises == 2)
        #expect(report.totals.attempts == 4)
        #expect(report.totals.hintsShown == 3)
        #expect(report.totals.solutionsSeen == 1)
        #expect(report.totals.secondsToPass == 730)
        #expect(report.lessons.map(\.id) == ["arithmetic", "testing"])
        #expect(report.lessons.map(\.exercisesPassed) == [1, 0])
        #expect(report.lessons[1].exercises[0].status == .failed)
        #expect(report.lessons[1].exercises[0].secondsToPass == nil)
    }

    @Test func aPassWithoutAKnownOpeningHasNoTime() {
        var progress = LearnerProgress()
        // Progress from before DIDojo recorded openings, or a pass found by grading.
        progress.update("arithmetic.1") {
            $0.passed = true
            $0.firstPassedAt = opened
        }
        let report = LearnerReport(catalog: catalog, progress: progress, workspace: "/ws", writtenAt: written)
        #expect(report.lessons[0].exercises[0].secondsToPass == nil)
        #expect(report.totals.secondsToPass == nil)
        #expect(ReportMarkdown.render(report).contains("over the passed exercises: not known"))
    }

    @Test func markdownHasTheTotalsAtTheTopThenAnAlignedTablePerLesson() {
        let markdown = ReportMarkdown.render(LearnerReport(catalog: catalog, progress: progress, workspace: "/ws", writtenAt: written))
        #expect(markdown.hasPrefix("""
        # DIDojo report

        Workspace `/ws`, written 2016-06-18 02:00 UTC.

        The passes below are as recorded in the learner's progress file, which can be edited: `didojo report --verify` (or the shell's `report --verify`) runs the checks first.

        - Exercises passed: **1 of 2**
        - Attempts (runs of `check`): 4
        - Hints shown: 3
        - Solutions seen: 1
        - Time from first open to first pass, over the passed exercises: 12 min

        ## arithmetic: Arithmetic (1 of 1 passed)

        | exercise     | title     | status | pass                | attempts | hints | time to pass |
        |--------------|-----------|--------|---------------------|----------|-------|--------------|
        | arithmetic.1 | Double it | passed | recorded 2016-06-18 | 3        | 2     | 12 min       |
        """))
        #expect(markdown.contains("| testing.1 | Test the counter | not passed yet (solution seen) | —    | 1        | 1     | —            |"))
    }

    @Test func aVerifiedReportSaysSoAndNamesTheLearner() {
        let markdown = ReportMarkdown.render(LearnerReport(
            catalog: catalog, progress: progress, workspace: "/ws", writtenAt: written, learner: "Ada | Lovelace", verified: true
        ))
        #expect(markdown.contains("Learner: **Ada \\| Lovelace**. Workspace `/ws`"))
        #expect(markdown.contains("Every pass below was verified now"))
        #expect(markdown.contains("| arithmetic.1 | Double it | passed | verified now | 3        |"))
    }

    @Test func jsonCarriesTheSameNumbersAndISODates() throws {
        let json = try LearnerReport(catalog: catalog, progress: progress, workspace: "/ws", writtenAt: written).json()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let totals = try #require(object["totals"] as? [String: Any])
        #expect(totals["exercisesPassed"] as? Int == 1)
        #expect(totals["attempts"] as? Int == 4)
        #expect(totals["hintsShown"] as? Int == 3)
        #expect(object["writtenAt"] as? String == "2016-06-18T02:00:00Z")
        let lessons = try #require(object["lessons"] as? [[String: Any]])
        let first = try #require((lessons.first?["exercises"] as? [[String: Any]])?.first)
        #expect(first["status"] as? String == "passed")
        #expect(first["secondsToPass"] as? Double == 730)
        #expect(first["firstOpenedAt"] as? String == "2016-06-18T00:00:00Z")
    }

    static let durations: [(Double, String)] = [
        (0, "under 1 min"), (29, "under 1 min"), (31, "1 min"), (730, "12 min"),
        (3600, "1 h"), (3900, "1 h 5 min"), (97_200, "1 d 3 h"), (172_800, "2 d"),
    ]

    @Test(arguments: durations)
    func durationsReadAsPeopleSayThem(seconds: Double, words: String) {
        #expect(DurationWords.describe(seconds: seconds) == words)
    }
}
