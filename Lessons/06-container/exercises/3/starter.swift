import ContainerLesson
import Domain
import Swinject

/// Everything the app registers, as one unit an `Assembler` can run.
struct AppAssembly: Assembly {
    func assemble(container: Container) {
        // TODO: move the registrations of `registerApp(in:)` below into this method, scopes
        // included, then delete `registerApp(in:)`.
    }
}

/// The registrations as they are today: a free function that fills a bare container.
func registerApp(in container: Container) {
    container.register((any Logger).self) { _ in PrintLogger() }.inObjectScope(.container)
    container.register((any Clock).self) { _ in SystemClock() }.inObjectScope(.container)
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
    }.inObjectScope(.transient)
}

/// The composition root: builds the app's coordinator, once, from the app's registrations
/// followed by `extra` assemblies (a test's stand-ins, say), which win where they overlap.
func makeAppCoordinator(extra: [Assembly] = []) -> MainCoordinator? {
    // TODO: make an `Assembler` from `[AppAssembly()] + extra` and resolve the coordinator from
    // its `resolver`. Today `extra` is ignored, so nobody can swap anything.
    let container = Container()
    registerApp(in: container)
    return container.resolve(MainCoordinator.self)
}
