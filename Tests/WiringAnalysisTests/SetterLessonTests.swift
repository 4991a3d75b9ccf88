import Testing
import WiringAnalysis

/// Lesson 3: setter injection, its silent no-op, and local defaults.
@Suite struct SetterLessonTests {
    func exercise(_ number: Int) -> LessonExercise { LessonExercise(lesson: "03-setter", number: number) }

    @Test func starter1SkipsThePostInSilence() throws {
        let report = exercise(1).analyze(try exercise(1).starter)
        #expect(report.summaries() == [
            FindingSummary("setter-with-silent-fallback", line: 25, type: "SocialPresenter", member: "output", target: "SocialPostOutput"),
            FindingSummary("setter-with-silent-fallback", line: 31, type: "SocialPresenter", member: "output", target: "SocialPostOutput"),
        ])
    }

    @Test func solution1FailsLoudly() throws {
        let report = exercise(1).analyze(try exercise(1).solution)
        #expect(report.findings.isEmpty)
        #expect(report.graph.edges.contains {
            $0.kind == .dependsOn && $0.from == "SocialPresenter" && $0.to == "SocialPostOutput" && $0.site == .settableProperty
                && $0.member == "output" && $0.line == 16
        })
        #expect(report.graph.edges.contains {
            $0.kind == .creates && $0.to == "SystemClock" && $0.site == .propertyInitialiser && $0.member == "clock" && $0.line == 19
        })
    }

    @Test func exercise2AddsALoggerWithALocalDefault() throws {
        let starter = exercise(2).analyze(try exercise(2).starter)
        #expect(starter.findings.isEmpty)
        #expect(!starter.edges(.dependsOn).contains("SocialPresenter → Logger"))

        let solution = exercise(2).analyze(try exercise(2).solution)
        #expect(solution.findings.isEmpty)
        #expect(solution.edges(.dependsOn) == ["SocialPresenter → SocialPostOutput", "SocialPresenter → Clock", "SocialPresenter → Logger"])
        #expect(solution.edges(.creates) == ["SocialPresenter → SystemClock", "SocialPresenter → PrintLogger"])
    }

    @Test func withoutTheLessonsLocalDefaultsTheDomainsClockAndLoggerAreForeign() throws {
        // SystemClock and PrintLogger live in Domain, not in the presenter's module: only the
        // vocabulary's `localDefaults` (what the lesson accepts) keeps them from being reported.
        var vocabulary = LessonVocabulary.of(exercise(2))
        vocabulary.localDefaults = []
        let report = exercise(2).analyze(try exercise(2).solution, vocabulary: vocabulary)
        #expect(report.summaries() == [
            FindingSummary("foreign-default", line: 19, type: "SocialPresenter", member: "clock", target: "SystemClock"),
            FindingSummary("foreign-default", line: 25, type: "SocialPresenter", member: "logger", target: "PrintLogger"),
        ])
    }

    @Test func exercise3sTestComposesThePresenterWithASpy() throws {
        let subject = try exercise(3).extra("subject")
        let starter = exercise(3).analyze(try exercise(3).starter, with: subject)
        #expect(starter.findings.isEmpty)
        #expect(starter.roots == ["SetterInjectionTests (test)"])

        let solution = exercise(3).analyze(try exercise(3).solution, with: subject)
        #expect(solution.findings.isEmpty)
        #expect(solution.edges(.creates).isSuperset(of: ["SetterInjectionTests → SocialPresenter", "SetterInjectionTests → SpySocialClient"]))
    }
}
