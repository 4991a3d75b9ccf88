import Testing
import WiringAnalysis

/// Lesson 10: concurrency. The async dependencies are protocols and `any Clock<Duration>`,
/// injected like every other; nothing in the exercises builds its own.
@Suite struct ConcurrencyLessonTests {
    func exercise(_ number: Int) -> LessonExercise { LessonExercise(lesson: "10-concurrency", number: number) }

    @Test func theTimelineDependsOnNothingAndIsNotFlagged() throws {
        for file in [try exercise(1).starter, try exercise(1).solution] {
            let report = exercise(1).analyze(file)
            #expect(report.findings.isEmpty, "\(file.path)")
            #expect(report.edges(.dependsOn).isEmpty, "\(file.path)")
            #expect(report.edges(.creates).isEmpty, "\(file.path)")
        }
    }

    @Test func theRetryDependsOnTheOutputItWrapsAndAnInjectedClock() throws {
        for file in [try exercise(2).starter, try exercise(2).solution] {
            let report = exercise(2).analyze(file)
            #expect(report.findings.isEmpty, "\(file.path)")
            #expect(Set(report.edges(.dependsOn)) == ["RetryingPoster → AsyncPostOutput", "RetryingPoster → Clock"], "\(file.path)")
            #expect(report.edges(.creates).isEmpty, "the retry builds no clock of its own: \(file.path)")
        }
    }

    @Test func theBatchSharerHoldsOutputsAndCreatesNone() throws {
        for file in [try exercise(3).starter, try exercise(3).solution] {
            let report = exercise(3).analyze(file)
            #expect(report.findings.isEmpty, "\(file.path)")
            #expect(Set(report.edges(.dependsOn)) == ["BatchSharer → AsyncPostOutput"], "\(file.path)")
            #expect(report.edges(.creates).isEmpty, "\(file.path)")
        }
    }

    @Test func theLearnersTestsBuildTheModelWithASpyAndATestClock() throws {
        let subject = try exercise(4).extra("subject")
        let starter = exercise(4).analyze(try exercise(4).starter, with: subject)
        let solution = exercise(4).analyze(try exercise(4).solution, with: subject)
        for report in [starter, solution] {
            #expect(report.findings.isEmpty)
            #expect(Set(report.edges(.dependsOn)) == ["MentionSearchModel → FriendDirectory", "MentionSearchModel → Clock"])
        }
        #expect(Set(solution.edges(.creates)).isSuperset(of: [
            "MentionSearchTests → DirectorySpy", "MentionSearchTests → MentionSearchModel", "MentionSearchTests → TestClock",
        ]))
    }

    @Test func theModelNeedsItsClientAndLoggerAndBuildsNeither() throws {
        for file in [try exercise(5).starter, try exercise(5).solution] {
            let report = exercise(5).analyze(file)
            #expect(report.findings.isEmpty, "\(file.path)")
            #expect(Set(report.edges(.dependsOn)) == ["ComposeModel → CallbackShareClient", "ComposeModel → Logger"], "\(file.path)")
            #expect(report.edges(.creates).isEmpty, "\(file.path)")
        }
    }
}
