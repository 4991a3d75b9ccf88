import Testing
import WiringAnalysis

/// Lesson 1 shows hard-wiring on purpose: even its solutions keep some of it, and say so.
@Suite struct NoDILessonTests {
    func exercise(_ number: Int) -> LessonExercise { LessonExercise(lesson: "01-no-di", number: number) }

    @Test func starter1HardWiresTheClientAndTheClock() throws {
        let report = exercise(1).analyze(try exercise(1).starter)
        #expect(report.summaries() == [
            FindingSummary("hard-wired-dependency", line: 9, type: "SocialPresenter", member: "client", target: "TwitterClient"),
            FindingSummary("hard-wired-dependency", line: 10, type: "SocialPresenter", member: "clock", target: "SystemClock"),
        ])
        #expect(report.edges(.creates) == ["SocialPresenter → TwitterClient", "SocialPresenter → SystemClock"])
        #expect(report.edges(.holdsStrongly) == ["SocialPresenter → TwitterClient", "SocialPresenter → SystemClock"])
        #expect(report.roots.isEmpty)
    }

    @Test func solution1StillChoosesItsClientsInsideThePresenterAsTheLessonSays() throws {
        // "The presenter still builds its own client": exercise 1 adds Facebook without DI.
        let report = exercise(1).analyze(try exercise(1).solution)
        #expect(report.summaries() == [
            FindingSummary("hard-wired-dependency", line: 6, type: "SocialPresenter", member: "clock", target: "SystemClock"),
            FindingSummary("hard-wired-dependency", line: 13, type: "SocialPresenter", member: "client", target: "TwitterClient"),
            FindingSummary("hard-wired-dependency", line: 14, type: "SocialPresenter", member: "client", target: "FacebookClient"),
        ])
        #expect(report.edges(.dependsOn) == ["SocialPresenter → SocialPostOutput"])
        #expect(report.edges(.creates) == ["SocialPresenter → SystemClock", "SocialPresenter → TwitterClient", "SocialPresenter → FacebookClient"])
    }

    @Test func starter2HardWiresTheClientAndTheClock() throws {
        let report = exercise(2).analyze(try exercise(2).starter)
        #expect(report.summaries() == [
            FindingSummary("hard-wired-dependency", line: 8, type: "SocialPresenter", member: "client", target: "TwitterClient"),
            FindingSummary("hard-wired-dependency", line: 9, type: "SocialPresenter", member: "clock", target: "SystemClock"),
        ])
    }

    @Test func solution2OpensASeamWhoseDefaultIsStillForeign() throws {
        // The task asks for `= TwitterClient()`; "Looking ahead" calls the default half-done.
        let report = exercise(2).analyze(try exercise(2).solution)
        #expect(report.summaries() == [
            FindingSummary("hard-wired-dependency", line: 6, type: "SocialPresenter", member: "clock", target: "SystemClock"),
            FindingSummary("foreign-default", line: 10, type: "SocialPresenter", member: "client", target: "TwitterClient"),
        ])
        let seam = report.graph.edges.filter { $0.kind == .dependsOn && $0.site == .initializerParameter }
        #expect(seam.map { "\($0.from) → \($0.to) \($0.member ?? "")" } == ["SocialPresenter → SocialPostOutput client"])
        #expect(report.graph.edges.contains { $0.kind == .creates && $0.to == "TwitterClient" && $0.site == .defaultArgument && $0.line == 10 })
    }

    @Test func starter3StillBuildsItsClock() throws {
        let report = exercise(3).analyze(try exercise(3).starter)
        #expect(report.summaries() == [
            FindingSummary("hard-wired-dependency", line: 9, type: "SocialPresenter", member: "clock", target: "SystemClock"),
            FindingSummary("foreign-default", line: 12, type: "SocialPresenter", member: "client", target: "TwitterClient"),
        ])
    }

    @Test func solution3ReceivesBothButKeepsTheDefaultsTheNextLessonDrops() throws {
        let report = exercise(3).analyze(try exercise(3).solution)
        #expect(report.summaries() == [
            FindingSummary("foreign-default", line: 12, type: "SocialPresenter", member: "client", target: "TwitterClient"),
            FindingSummary("foreign-default", line: 12, type: "SocialPresenter", member: "clock", target: "SystemClock"),
        ])
        #expect(report.edges(.dependsOn) == ["SocialPresenter → SocialPostOutput", "SocialPresenter → Clock"])
        #expect(report.edges(.holdsStrongly).isEmpty)
    }
}
