import Testing
import WiringAnalysis

/// Lesson 7: dependency values, swift-dependencies.
@Suite struct DependencyValuesLessonTests {
    func exercise(_ number: Int) -> LessonExercise { LessonExercise(lesson: "07-dependency-values", number: number) }

    @Test func starter1ChoosesTheLiveClientInItsKey() throws {
        let report = exercise(1).analyze(try exercise(1).starter)
        #expect(report.findings.isEmpty)
        #expect(report.roots == ["PostingClientKey.liveValue (dependencyKeyValue)"])
        #expect(report.edges(.creates).contains("PostingClientKey.liveValue → LivePostingClient"))
        #expect(report.graph.edges.contains {
            $0.from == "Announcer" && $0.to == "PostingClient" && $0.kind == .dependsOn && $0.site == .dependencyProperty && $0.member == "client"
        })
    }

    @Test func solution1IsItsOwnKeyWithALiveAndATestValue() throws {
        let report = exercise(1).analyze(try exercise(1).solution)
        #expect(report.findings.isEmpty)
        #expect(report.roots == ["PostingClient.liveValue (dependencyKeyValue)", "PostingClient.testValue (dependencyKeyValue)"])
        #expect(report.edges(.dependsOn) == ["Announcer → PostingClient"])
    }

    @Test func exercise2sComposerReadsItsClientAndDateFromTheDependencies() throws {
        let subject = try exercise(2).extra("subject")
        for file in [try exercise(2).starter, try exercise(2).solution] {
            let report = exercise(2).analyze(file, with: subject)
            #expect(report.findings.isEmpty, "\(file.path)")
            #expect(report.roots == ["PostComposerTests (test)"], "\(file.path)")
            #expect(report.edges(.dependsOn) == ["PostComposer → SocialClient", "PostComposer → \\.date.now"], "\(file.path)")
            #expect(report.graph.node(named: "\\.date.now")?.kind == .dependencyValue)
        }
    }

    @Test func exercise3sQueueReadsItsDependenciesInsideTheClosure() throws {
        // The starter's fault (the closure escapes its scope) is about when, not about wiring.
        for file in [try exercise(3).starter, try exercise(3).solution] {
            let report = exercise(3).analyze(file)
            #expect(report.findings.isEmpty, "\(file.path)")
            let needs = report.graph.edges.filter { $0.kind == .dependsOn }
            #expect(needs.map { "\($0.to) \($0.member ?? "") \($0.site.rawValue)" } == [
                "SocialClient client dependencyProperty", "\\.date.now now dependencyProperty",
            ], "\(file.path)")
        }
    }
}
