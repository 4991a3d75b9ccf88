import Testing
import WiringAnalysis

/// Lesson 8: the anti-patterns. Exercise 4 keeps its anti-patterns on purpose (the learner
/// names them), so its findings are expected in both files.
@Suite struct AntiPatternsLessonTests {
    func exercise(_ number: Int) -> LessonExercise { LessonExercise(lesson: "08-anti-patterns", number: number) }

    @Test func thePresenterStopsAskingTheLocatorAndTheRootResolvesOnce() throws {
        let starter = exercise(1).analyze(try exercise(1).starter)
        #expect(starter.findings.map(\.kind) == [.serviceLocator, .serviceLocator, .serviceLocator])
        #expect(starter.findings.map(\.line) == [16, 17, 18])
        #expect(Set(starter.edges(.resolvesFromContainer)) == [
            "SharePresenter → SocialPostOutput", "SharePresenter → Clock", "SharePresenter → Logger",
        ])
        let solution = exercise(1).analyze(try exercise(1).solution)
        #expect(solution.findings.isEmpty)
        #expect(solution.roots == ["ShareComposition (containerType)"])
        #expect(Set(solution.edges(.dependsOn)) == ["SharePresenter → SocialPostOutput", "SharePresenter → Clock", "SharePresenter → Logger"])
        #expect(Set(solution.edges(.resolvesFromContainer)) == [
            "ShareComposition → SocialPostOutput", "ShareComposition → Clock", "ShareComposition → Logger",
        ])
    }

    @Test func theLearnersTestsSetTheAmbientClockAndMakeAStamper() throws {
        let subject = try exercise(2).extra("subject")
        let solution = exercise(2).analyze(try exercise(2).solution, with: subject)
        #expect(solution.roots == ["TimeProviderTests (test)"])
        #expect(Set(solution.edges(.creates)).isSuperset(of: ["TimeProviderTests → FixedClock", "TimeProviderTests → PostStamper"]))
        // The subject's own `SystemClock()` is the ambient default the lesson is about.
        #expect(solution.findings.map(\.kind) == [.hardWiredDependency])
        #expect(solution.findings.allSatisfy { $0.file.hasSuffix("subject/TimeProvider.swift") })
    }

    @Test func theQueueTakesTheClockItUsedToReadFromTheAmbientContext() throws {
        let starter = exercise(3).analyze(try exercise(3).starter)
        #expect(starter.edges(.dependsOn) == ["ScheduledPostQueue → SocialPostOutput"])
        let solution = exercise(3).analyze(try exercise(3).solution)
        #expect(solution.findings.isEmpty)
        #expect(Set(solution.edges(.dependsOn)) == ["ScheduledPostQueue → SocialPostOutput", "ScheduledPostQueue → Clock"])
    }

    @Test func theTypesToJudgeKeepTheirAntiPatternsInBothFiles() throws {
        for file in [try exercise(4).starter, try exercise(4).solution] {
            let report = exercise(4).analyze(file)
            #expect(report.findings.map(\.kind) == [.hardWiredDependency, .foreignDefault, .serviceLocator], "\(file.path)")
            #expect(report.edges(.creates).contains("DraftRetrier → TwitterClient"), "\(file.path)")
            #expect(report.edges(.resolvesFromContainer).contains("ProfileScreenModel → Clock"), "\(file.path)")
        }
    }
}
