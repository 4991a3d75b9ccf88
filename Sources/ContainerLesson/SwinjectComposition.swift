import Domain
import Swinject

/// The same app wired with Swinject's `Container`: the registrations of `SimpleComposition`,
/// in Swinject's words.
public enum SwinjectComposition {
    /// A Swinject container that can build the app's `MainCoordinator`.
    public static func makeContainer(
        logger: any Logger, clock: any Clock, write: @escaping @Sendable (String) -> Void
    ) -> Container {
        let container = Container()
        // `.container`: one instance for the life of the container (a "singleton").
        container.register((any Logger).self) { _ in logger }.inObjectScope(.container)
        container.register((any Clock).self) { _ in clock }.inObjectScope(.container)
        // No scope given: `.graph`, Swinject's default, shared within one `resolve` call.
        container.register((any Navigator).self) { _ in TerminalNavigator(root: "Launch", write: write) }
        container.register((any Screen).self) { _ in TerminalScreen(write: write) }.inObjectScope(.transient)
        // `resolve` returns an Optional: nil when nothing is registered. The `!` turns a
        // forgotten registration into a crash at run time; the compiler cannot see it.
        container.register(DIContainer.self) { r in
            DIContainer(logger: r.resolve((any Logger).self)!, clock: r.resolve((any Clock).self)!)
        }
        container.register(MainCoordinator.self) { r in
            r.resolve(DIContainer.self)!.makeMainCoordinator(
                navigator: r.resolve((any Navigator).self)!,
                screen: r.resolve((any Screen).self)!
            )
        }.inObjectScope(.transient)
        return container
    }
}
