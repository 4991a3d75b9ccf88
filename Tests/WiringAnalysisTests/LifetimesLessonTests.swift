import Testing
import WiringAnalysis

/// Lesson 9: lifetimes and decorators.
@Suite struct LifetimesLessonTests {
    func exercise(_ number: Int) -> LessonExercise { LessonExercise(lesson: "09-lifetimes", number: number) }

    @Test func theRetryingDecoratorDependsOnlyOnTheOutputItWrapsAndAWaitingClock() throws {
        for file in [try exercise(1).starter, try exercise(1).solution] {
            let report = exercise(1).analyze(file)
            #expect(report.findings.isEmpty, "\(file.path)")
            #expect(Set(report.edges(.dependsOn)) == ["RetryingOutput → SocialPostOutput", "RetryingOutput → WaitingClock"], "\(file.path)")
            #expect(report.edges(.creates).isEmpty, "a decorator builds no output of its own: \(file.path)")
        }
    }

    /// With the lesson module's vocabulary, as `graph` reads it: `BroadcastFailure` is the
    /// module's `Error`, thrown and not a dependency, so it draws no `creates` edge.
    @Test func theCompositeHoldsOutputsAndCreatesNothing() throws {
        let starter = exercise(2).analyze(try exercise(2).starter)
        #expect(starter.edges(.dependsOn) == ["BroadcastOutput → SocialPostOutput"])
        let solution = exercise(2).analyze(try exercise(2).solution)
        #expect(solution.findings.isEmpty)
        #expect(solution.edges(.dependsOn) == ["BroadcastOutput → SocialPostOutput"])
        #expect(solution.edges(.creates).isEmpty)
        #expect(LessonVocabulary.of(exercise(2)).conformances["BroadcastFailure"]?.contains("Error") == true, "the module's vocabulary was not read")
    }

    @Test func theCompositionRootIsTheOnePlaceThatBuildsTheShareScreen() throws {
        for file in [try exercise(3).starter, try exercise(3).solution] {
            let report = exercise(3).analyze(file)
            #expect(report.findings.isEmpty, "\(file.path)")
            #expect(report.roots == ["ShareComposition (containerType)"], "\(file.path)")
            #expect(Set(report.edges(.creates)) == [
                "ShareComposition → LoggingOutput", "ShareComposition → Draft", "ShareComposition → ShareScreen", "ShareComposition → SharePresenter",
            ], "\(file.path)")
        }
    }

    @Test func theLearnersTestsBuildTheDecoratorAroundASpyAndARecordingLogger() throws {
        let subject = try exercise(4).extra("subject")
        for file in [try exercise(4).starter, try exercise(4).solution] {
            let report = exercise(4).analyze(file, with: subject)
            #expect(report.findings.isEmpty, "\(file.path)")
            #expect(report.roots == ["LoggingOutputTests (test)"], "\(file.path)")
            #expect(Set(report.edges(.dependsOn)) == ["LoggingOutput → SocialPostOutput", "LoggingOutput → Logger"], "\(file.path)")
            #expect(Set(report.edges(.creates)).isSuperset(of: [
                "LoggingOutputTests → SpyOutput", "LoggingOutputTests → RecordingLogger", "LoggingOutputTests → LoggingOutput",
            ]), "\(file.path)")
        }
    }
}
