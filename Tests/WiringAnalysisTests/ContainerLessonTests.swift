import Testing
import WiringAnalysis

/// Lesson 6: a hand-written container, a container of one's own, Swinject.
@Suite struct ContainerLessonTests {
    func exercise(_ number: Int) -> LessonExercise { LessonExercise(lesson: "06-container", number: number) }

    @Test func exercise1sAppContainerIsTheCompositionRoot() throws {
        let starter = exercise(1).analyze(try exercise(1).starter)
        #expect(starter.findings.isEmpty)
        #expect(starter.roots == ["AppContainer (containerType)"])
        #expect(!starter.edges(.creates).contains("AppContainer → SettingsViewController"))

        let solution = exercise(1).analyze(try exercise(1).solution)
        #expect(solution.findings.isEmpty)
        #expect(solution.roots == ["AppContainer (containerType)"])
        #expect(solution.edges(.creates) == [
            "AppContainer → MainCoordinator", "AppContainer → HomeViewModel", "AppContainer → HomeViewController",
            "AppContainer → DetailViewModel", "AppContainer → DetailViewController", "AppContainer → SettingsViewModel",
            "AppContainer → SettingsViewController",
        ])
    }

    @Test func exercise2sContainerIsAContainer() throws {
        for file in [try exercise(2).starter, try exercise(2).solution] {
            let report = exercise(2).analyze(file)
            #expect(report.findings.isEmpty, "\(file.path)")
            #expect(report.roots == ["MiniContainer (containerType)"], "\(file.path)")
            #expect(report.graph.registrations.isEmpty, "the container's own `register` takes a metatype parameter, not `X.self`")
        }
    }

    @Test func starter3RegistersInAFreeFunctionAndResolvesInTheRoot() throws {
        let report = exercise(3).analyze(try exercise(3).starter)
        #expect(report.findings.isEmpty)
        #expect(report.roots == [
            "AppAssembly (containerType)", "registerApp(in:) (registersInContainer)", "makeAppCoordinator(extra:) (registersInContainer)",
        ])
        #expect(report.graph.registrations.map { "\($0.service) \($0.scope ?? "-") by \($0.registeredBy)" } == [
            "Logger container by registerApp(in:)", "Clock container by registerApp(in:)", "Navigator - by registerApp(in:)",
            "Screen transient by registerApp(in:)", "DIContainer - by registerApp(in:)", "MainCoordinator transient by registerApp(in:)",
        ])
        #expect(report.edges(.resolvesFromContainer) == [
            "DIContainer → Logger", "DIContainer → Clock", "MainCoordinator → DIContainer", "MainCoordinator → Navigator",
            "MainCoordinator → Screen", "makeAppCoordinator(extra:) → MainCoordinator",
        ])
    }

    @Test func solution3RegistersInTheAssemblyAndResolvesOnceInTheRoot() throws {
        let report = exercise(3).analyze(try exercise(3).solution)
        #expect(report.findings.isEmpty)
        #expect(report.roots == ["AppAssembly (containerType)", "makeAppCoordinator(extra:) (registersInContainer)"])
        #expect(report.graph.registrations.map(\.registeredBy).allSatisfy { $0 == "AppAssembly" })
        #expect(report.graph.registrations.first { $0.service == "DIContainer" }?.creates == ["DIContainer"])
        #expect(report.graph.registrations.first { $0.service == "DIContainer" }?.resolves == ["Logger", "Clock"])
        #expect(report.edges(.creates).isSuperset(of: ["makeAppCoordinator(extra:) → Assembler", "makeAppCoordinator(extra:) → AppAssembly"]))
        #expect(report.edges(.resolvesFromContainer).contains("makeAppCoordinator(extra:) → MainCoordinator"))
    }

    @Test func exercise4sTestsResolveInTheirOwnRoot() throws {
        let subject = try exercise(4).extra("subject")
        for file in [try exercise(4).starter, try exercise(4).solution] {
            let report = exercise(4).analyze(file, with: subject)
            #expect(report.findings.isEmpty, "\(file.path)")
            // OneGraph, given in the starter, registers the test's own services to resolve them
            // within one graph: a root of the tests as well.
            #expect(
                report.roots == ["OneGraph.register(in:) (registersInContainer)", "LifetimeTests (test)", "makeAppContainer() (registersInContainer)"],
                "\(file.path)"
            )
            #expect(report.graph.registrations.map { $0.scope ?? "-" } == ["-", "singleton", "singleton", "graph", "transient", "-", "transient"])
        }
    }
}
