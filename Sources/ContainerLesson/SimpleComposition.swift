import Domain

/// The same app wired with the lesson's `SimpleContainer`: one registration per type, each
/// with the lifetime it needs, then one `resolve` at the composition root.
public enum SimpleComposition {
    /// A container that can build the app's `MainCoordinator`.
    public static func makeContainer(
        logger: any Logger, clock: any Clock, write: @escaping @Sendable (String) -> Void
    ) -> SimpleContainer {
        let container = SimpleContainer()
        // One logger and one clock for the whole app.
        container.register((any Logger).self, lifetime: .singleton) { _ in logger }
        container.register((any Clock).self, lifetime: .singleton) { _ in clock }
        // Everything built for one coordinator shares its navigation stack.
        container.register((any Navigator).self, lifetime: .graph) { _ in
            TerminalNavigator(root: "Launch", write: write)
        }
        container.register((any Screen).self, lifetime: .transient) { _ in TerminalScreen(write: write) }
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
}
