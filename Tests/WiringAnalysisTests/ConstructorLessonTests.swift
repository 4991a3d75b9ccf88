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
                "SocialPresenterTests → SpySocialClient", "SocialPresenterTests → SocialPresenter", "SocialPresenterTests → FixedClock",
            ]), "\(file.path)")
            #expect(report.edges(.dependsOn).isSuperset(of: ["SocialPresenter → SocialPostOutput", "SocialPresenter → Clock"]))
        }
    }

    @Test func exercise5sDraftReceivesItsOutputPerCall() throws {
        // Method injection: the draft's only link to an output is a parameter of `send(through:)`.
        for file in [try exercise(5).starter, try exercise(5).solution] {
            let report = exercise(5).analyze(file)
            #expect(report.findings.isEmpty, "\(file.path)")
            #expect(report.edges(.creates).isEmpty, "\(file.path)")
            #expect(report.edges(.dependsOn) == ["Draft → SocialPostOutput", "SocialPresenter → SocialPostOutput", "SocialPresenter → Clock"], "\(file.path)")
            let draft = report.graph.edges.filter { $0.from == "Draft" }.map { "\($0.site) \($0.member ?? "-")" }
            #expect(draft == ["methodParameter output"], "\(file.path)")
        }
    }

    @Test func exercise5sMistakesShowInTheGraph() throws {
        func analyze(_ mistake: String) throws -> WiringReport {
            exercise(5).analyze(try exercise(5).file("mistakes/\(mistake).swift"))
        }
        #expect(try analyze("draft-stores-the-output").graph.edges.contains {
            $0.from == "Draft" && $0.to == "SocialPostOutput" && $0.site == .settableProperty
        })
        #expect(try analyze("presenter-builds-a-client-for-drafts").summaries() == [
            FindingSummary("hard-wired-dependency", line: 37, type: "SocialPresenter", member: "sendDrafts(_:)", target: "TwitterClient"),
        ])
        #expect(try analyze("send-ignores-its-argument").summaries() == [
            FindingSummary("hard-wired-dependency", line: 15, type: "Draft", member: "send(through:)", target: "TwitterClient"),
        ])
    }

    @Test func exercise6sTestBuildsTheMockTheDummyAndThePresenter() throws {
        let subject = try exercise(6).extra("subject")
        let starter = exercise(6).analyze(try exercise(6).starter, with: subject)
        #expect(starter.findings.isEmpty)
        #expect(starter.roots == ["ShareAtTests (test)"])
        #expect(starter.edges(.creates).isEmpty, "the starter's test is still a TODO")
        let solution = exercise(6).analyze(try exercise(6).solution, with: subject)
        #expect(solution.findings.isEmpty)
        #expect(solution.roots == ["ShareAtTests (test)"])
        // The mock and the dummy for share(_:at:); a fixed clock and a saboteur for share(_:).
        #expect(solution.edges(.creates) == [
            "ShareAtTests → MockOutput", "ShareAtTests → DummyClock", "ShareAtTests → SocialPresenter",
            "ShareAtTests → FixedClock", "ShareAtTests → FailingOutput",
        ])
    }
}
