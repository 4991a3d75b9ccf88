import Domain

/// Pure DI: the app wired with plain initializers and the `DIContainer`'s factory methods,
/// written out by hand. No registrations, no lookups; the compiler checks every line.
public enum PureComposition {
    /// Builds the app's coordinator. `logger` and `clock` are shared; the navigator and the
    /// screen are new for this coordinator and write through `write`.
    public static func makeCoordinator(
        logger: any Logger, clock: any Clock, write: @escaping @Sendable (String) -> Void
    ) -> MainCoordinator {
        let container = DIContainer(logger: logger, clock: clock)
        return container.makeMainCoordinator(
            navigator: TerminalNavigator(root: "Launch", write: write),
            screen: TerminalScreen(write: write)
        )
    }
}
