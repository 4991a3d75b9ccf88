import Testing
import WiringAnalysis

/// Lesson 3: setter injection, its silent no-op, a Foreign Default and a Local Default.
@Suite struct SetterLessonTests {
    func exercise(_ number: Int) -> LessonExercise { LessonExercise(lesson: "03-setter", number: number) }

    @Test func starter1SkipsThePostInSilence() throws {
        let report = exercise(1).analyze(try exercise(1).starter)
        #expect(report.summaries() == [
            FindingSummary("foreign-default", line: 19, type: "SocialPresenter", member: "clock", target: "SystemClock"),
            FindingSummary("setter-with-silent-fallback", line: 25, type: "SocialPresenter", member: "output", target: "SocialPostOutput"),
            FindingSummary("setter-with-silent-fallback", line: 31, type: "SocialPresenter", member: "output", target: "SocialPostOutput"),
        ])
    }

    @Test func solution1FailsLoudly() throws {
        let report = exercise(1).analyze(try exercise(1).solution)
        // The clock's default stays, in the starter as in the solution: the exercise is not about it.
        #expect(report.summaries() == [
            FindingSummary("foreign-default", line: 19, type: "SocialPresenter", member: "clock", target: "SystemClock"),
        ])
        #expect(report.graph.edges.contains {
            $0.kind == .dependsOn && $0.from == "SocialPresenter" && $0.to == "SocialPostOutput" && $0.site == .settableProperty
                && $0.member == "output" && $0.line == 16
        })
        #expect(report.graph.edges.contains {
            $0.kind == .creates && $0.to == "SystemClock" && $0.site == .propertyInitialiser && $0.member == "clock" && $0.line == 19
        })
    }

    @Test func exercise2AddsALoggerWithALocalDefault() throws {
        let clock = FindingSummary("foreign-default", line: 32, type: "SocialPresenter", member: "clock", target: "SystemClock")
        let starter = exercise(2).analyze(try exercise(2).starter)
        #expect(starter.summaries() == [clock])
        #expect(!starter.edges(.dependsOn).contains("SocialPresenter → Logger"))

        // `ConsoleLogger` is declared in the file itself: a Local Default, not reported.
        let solution = exercise(2).analyze(try exercise(2).solution)
        #expect(solution.summaries() == [clock])
        #expect(solution.edges(.dependsOn) == ["SocialPresenter → SocialPostOutput", "SocialPresenter → Clock", "SocialPresenter → Logger"])
        #expect(solution.edges(.creates) == ["SocialPresenter → SystemClock", "SocialPresenter → ConsoleLogger", "ConsoleLogger → LogEntry"])
    }

    @Test func domainsPrintLoggerAsTheDefaultIsAForeignDefault() throws {
        // The catalogued mistake: PrintLogger lives in Domain, not in the presenter's module.
        let report = exercise(2).analyze(try exercise(2).file("mistakes/foreign-default-logger.swift"))
        #expect(report.summaries() == [
            FindingSummary("foreign-default", line: 32, type: "SocialPresenter", member: "clock", target: "SystemClock"),
            FindingSummary("foreign-default", line: 36, type: "SocialPresenter", member: "logger", target: "PrintLogger"),
        ])
    }

    @Test func exercise3sTestComposesThePresenterWithASpy() throws {
        let subject = try exercise(3).extra("subject")
        // The subject keeps the lesson's `SystemClock()` default, a Foreign Default; the
        // learner's test file adds no finding of its own.
        let clock = FindingSummary("foreign-default", line: 19, type: "SocialPresenter", member: "clock", target: "SystemClock")
        let starter = exercise(3).analyze(try exercise(3).starter, with: subject)
        #expect(starter.summaries() == [clock])
        #expect(starter.roots == ["SetterInjectionTests (test)"])

        let solution = exercise(3).analyze(try exercise(3).solution, with: subject)
        #expect(solution.summaries() == [clock])
        #expect(solution.edges(.creates).isSuperset(of: ["SetterInjectionTests → SocialPresenter", "SetterInjectionTests → SpySocialClient"]))
    }
}
