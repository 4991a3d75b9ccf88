import Domain
import Swinject

/// The share screens wired with Swinject: each lifetime is an object scope.
public enum SwinjectShareComposition {
    /// A container that builds share screens.
    ///
    /// - Parameter presenterScope: the presenter's scope. `.transient`, the default, is right:
    ///   the presenter is transient, built anew for the one screen that asks for it;
    ///   `run --lifetimes swinject-captive` passes `.container` to show that Swinject builds a
    ///   captive dependency without a word.
    public static func makeContainer(
        logger: any Logger, output: any SocialPostOutput, presenterScope: ObjectScope = .transient
    ) -> Container {
        let container = Container()
        // Singletons: built once, shared by the container for its whole life.
        container.register((any Logger).self) { _ in logger }.inObjectScope(.container)
        container.register((any SocialPostOutput).self) { _ in output }.inObjectScope(.container)
        // `.graph`, the default: one draft for everything built by one `resolve(ShareScreen.self)`,
        // so the screen and its presenter share it, and the next screen gets a new one.
        container.register(Draft.self) { _ in Draft() }
        container.register(SharePresenter.self) { r in
            SharePresenter(
                draft: r.resolve(Draft.self)!,
                output: r.resolve((any SocialPostOutput).self)!,
                logger: r.resolve((any Logger).self)!
            )
        }.inObjectScope(presenterScope)
        // `.transient`: a new screen at every resolve, shared with nobody.
        container.register(ShareScreen.self) { r in
            ShareScreen(draft: r.resolve(Draft.self)!, presenter: r.resolve(SharePresenter.self)!)
        }.inObjectScope(.transient)
        return container
    }
}
