import Testing
import WiringAnalysis

/// Lesson 2: constructor injection and the composition root.
@Suite struct ConstructorLessonTests {
    func exercise(_ number: Int) -> LessonExercise { LessonExercise(lesson: "02-constructor", number: number) }

    @Test func starter1HardWiresTheClientAndHasNoRootYet() throws {
        let report = exercise(1).analyze(try exercise(1).starter)
        #expect(report.summaries() == [
            FindingSummary("hard-wired-dependency", line: 10, type: "SocialPresenter", member: "client", target: "TwitterClient"),
            FindingSummary("hard-wired-dependency", line: 11, type: "SocialPresenter", member: "clock", target: "SystemClock"),
        ])
        // `makePresenter(for:)` only calls `SocialPresenter()`: nothing is composed there yet.
        #expect(report.roots.isEmpty)
        #expect(report.edges(.creates).contains("makePresenter(for:) → SocialPresenter"))
    }

    @Test func solution1MovesTheClientsIntoTheCompositionRoot() throws {
        let report = exercise(1).analyze(try exercise(1).solution)
        // The clock is exercise 2's business.
        #expect(report.summaries() == [
            FindingSummary("hard-wired-dependency", line: 6, type: "SocialPresenter", member: "clock", target: "SystemClock"),
        ])
        #expect(report.roots == ["makePresenter(for:) (factory)"])
        #expect(report.edges(.creates) == [
            "makePresenter(for:) → SocialPresenter", "makePresenter(for:) → TwitterClient", "makePresenter(for:) → FacebookClient",
            "SocialPresenter → SystemClock",
        ])
        #expect(report.edges(.dependsOn) == ["SocialPresenter → SocialPostOutput"])
        #expect(report.graph.node(named: "makePresenter(for:)")?.isCompositionRoot == true)
    }

    @Test func starter2StillBuildsItsClock() throws {
        let report = exercise(2).analyze(try exercise(2).starter)
        #expect(report.summaries() == [
            FindingSummary("hard-wired-dependency", line: 9, type: "SocialPresenter", member: "clock", target: "SystemClock"),
        ])
    }

    @Test func solution2ReceivesEverything() throws {
        let report = exercise(2).analyze(try exercise(2).solution)
        #expect(report.findings.isEmpty)
        #expect(report.edges(.dependsOn) == ["SocialPresenter → SocialPostOutput", "SocialPresenter → Clock"])
        #expect(report.edges(.creates).isEmpty)
    }

    @Test func exercise3IsAboutBehaviourAndBothFilesAreCleanlyWired() throws {
        // Method injection: the starter's fault (`share(_:at:)` posts nothing) is not structural.
        for file in [try exercise(3).starter, try exercise(3).solution] {
            let report = exercise(3).analyze(file)
            #expect(report.findings.isEmpty, "\(file.path)")
            #expect(report.edges(.dependsOn) == ["SocialPresenter → SocialPostOutput", "SocialPresenter → Clock"], "\(file.path)")
        }
    }

    @Test func exercise4sTestIsTheRootOfItsOwnGraph() throws {
        let subject = try exercise(4).extra("subject")
        for file in [try exercise(4).starter, try exercise(4).solution] {
            let report = exercise(4).analyze(file, with: subject)
            #expect(report.findings.isEmpty, "\(file.path)")
            #expect(report.roots == ["SocialPresenterTests (test)"], "\(file.path)")
            #expect(report.edges(.creates).isSuperset(of: [
                "SocialPresenterTests → MockSocialClient", "SocialPresenterTests → SocialPresenter", "SocialPresenterTests → FixedClock",
            ]), "\(file.path)")
            #expect(report.edges(.dependsOn).isSuperset(of: ["SocialPresenter → SocialPostOutput", "SocialPresenter → Clock"]))
        }
    }
}
