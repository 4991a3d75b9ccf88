import ContainerLesson
import Domain

/// The app's registrations in a `SimpleContainer`, each with the lifetime it needs.
///
/// One logger for the whole app; a new navigation stack and a new coordinator for every
/// `resolve(MainCoordinator.self)`. Nothing here writes to the terminal, so tests stay quiet.
func makeAppContainer() -> SimpleContainer {
    let container = SimpleContainer()
    container.register((any Logger).self, lifetime: .singleton) { _ in RecordingLogger() }
    container.register((any Clock).self, lifetime: .singleton) { _ in SystemClock() }
    container.register((any Navigator).self, lifetime: .transient) { _ in TerminalNavigator(root: "Launch", write: { _ in }) }
    container.register((any Screen).self, lifetime: .transient) { _ in TerminalScreen(write: { _ in }) }
    container.register(DIContainer.self) { c in
        DIContainer(logger: try c.resolve((any Logger).self), clock: try c.resolve((any Clock).self))
    }
    container.register(MainCoordinator.self, lifetime: .transient) { c in
        try c.resolve(DIContainer.self).makeMainCoordinator(
            navigator: try c.resolve((any Navigator).self),
            screen: try c.resolve((any Screen).self)
        )
    }
    return container
}
