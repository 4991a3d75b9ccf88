import ContainerLesson
import Domain
import Swinject

/// Everything the app registers, as one unit an `Assembler` can run.
struct AppAssembly: Assembly {
    func assemble(container: Container) {
        // One logger and one clock for the whole app.
        container.register((any Logger).self) { _ in PrintLogger() }.inObjectScope(.container)
        container.register((any Clock).self) { _ in SystemClock() }.inObjectScope(.container)
        // .graph, the default: shared by everything one `resolve` builds.
        container.register((any Navigator).self) { _ in TerminalNavigator(root: "Launch") }
        container.register((any Screen).self) { _ in TerminalScreen() }.inObjectScope(.transient)
        container.register(DIContainer.self) { r in
            DIContainer(logger: r.resolve((any Logger).self)!, clock: r.resolve((any Clock).self)!)
        }
        container.register(MainCoordinator.self) { r in
            r.resolve(DIContainer.self)!.makeMainCoordinator(
                navigator: r.resolve((any Navigator).self)!,
                screen: r.resolve((any Screen).self)!
            )
        }.inObjectScope(.graph)
    }
}

/// The composition root: builds the app's coordinator, once, from the app's registrations
/// followed by `extra` assemblies (a test's stand-ins, say), which win where they overlap.
func makeAppCoordinator(extra: [Assembly] = []) -> MainCoordinator? {
    // Assemblies run in order, and a later registration for the same type replaces an
    // earlier one, so the extras override the app's choices.
    let assembler = Assembler([AppAssembly()] + extra)
    return assembler.resolver.resolve(MainCoordinator.self)
}
