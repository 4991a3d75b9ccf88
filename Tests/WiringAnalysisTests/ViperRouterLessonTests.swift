import Testing
import WiringAnalysis

/// Lesson 5: the router assembles the module; the presenter holds its view weakly.
@Suite struct ViperRouterLessonTests {
    func exercise(_ number: Int) -> LessonExercise { LessonExercise(lesson: "05-viper-router", number: number) }

    let root = "UserRouter.assembleModule(services:)"

    @Test func starter1AssemblesOnAPlaceholder() throws {
        // The starter's gap (no real interactor, no view for the presenter) is missing wiring,
        // which no finding names; the graph shows it.
        let report = exercise(1).analyze(try exercise(1).starter)
        #expect(report.findings.isEmpty)
        #expect(report.roots == ["\(root) (assemblesModule)"])
        #expect(report.edges(.creates).isSuperset(of: ["\(root) → NoInteractorYet", "\(root) → UserListPresenter"]))
        #expect(!report.edges(.creates).contains("\(root) → UserInteractor"))
    }

    @Test func solution1AssemblesTheWholeModuleInTheRouter() throws {
        let report = exercise(1).analyze(try exercise(1).solution)
        #expect(report.findings.isEmpty)
        #expect(report.roots == ["\(root) (assemblesModule)"])
        #expect(report.edges(.creates) == [
            "\(root) → UserRouter", "\(root) → UserInteractor", "\(root) → UserListPresenter", "\(root) → UserListView",
            "UserRouter → UserDetailView",
        ])
        #expect(report.edges(.dependsOn) == ["UserRouter → Navigator", "UserRouter → Screen"])
    }

    @Test func starter2BuildsItsRouterAndHoldsItsViewStrongly() throws {
        let report = exercise(2).analyze(try exercise(2).starter)
        #expect(report.summaries() == [
            FindingSummary("strong-back-reference", line: 8, type: "UserListPresenter", member: "view", target: "UserView"),
            FindingSummary("hard-wired-dependency", line: 18, type: "UserListPresenter", member: "router", target: "UserRouter"),
        ])
        #expect(report.edges(.creates) == ["UserListPresenter → UserRouter", "UserListPresenter → TerminalNavigator"])
    }

    @Test func solution2ReceivesItsRouterAndHoldsItsViewWeakly() throws {
        let report = exercise(2).analyze(try exercise(2).solution)
        #expect(report.findings.isEmpty)
        #expect(report.edges(.holdsWeakly) == ["UserListPresenter → UserView"])
        #expect(report.edges(.dependsOn) == ["UserListPresenter → UserUseCase", "UserListPresenter → UserWireframe"])
        #expect(report.edges(.creates).isEmpty)
    }

    @Test func exercises3And4sSpecsComposeTheirSubjectWithDoubles() throws {
        for (number, test, doubles) in [
            (3, "UserListPresenterTests", ["SpyUserRouter", "StubUserUseCase", "UserListPresenter"]),
            (4, "UserInteractorTests", ["StubUserDataSource", "RecordingLogger", "FixedClock", "UserInteractor"]),
        ] {
            let subject = try exercise(number).extra("subject")
            for file in [try exercise(number).starter, try exercise(number).solution] {
                let report = exercise(number).analyze(file, with: subject)
                #expect(report.findings.isEmpty, "\(file.path)")
                #expect(report.roots == ["\(test) (test)"], "\(file.path)")
                #expect(report.edges(.creates).isSuperset(of: Set(doubles.map { "\(test) → \($0)" })), "\(file.path)")
            }
        }
    }

    @Test func theSubjectPresenterOfExercise3HoldsItsViewWeakly() throws {
        let report = WiringAnalyzer(vocabulary: LessonVocabulary.of(exercise(3))).analyze(try exercise(3).extra("subject"))
        #expect(report.findings.isEmpty)
        #expect(report.edges(.holdsWeakly) == ["UserListPresenter → UserView"])
    }
}
