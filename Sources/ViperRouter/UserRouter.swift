import Domain

/// The Router: moves from the list to a user's detail, and assembles the module.
///
/// `assembleModule` is the only code in the feature that names the concrete types and wires
/// them: a module factory, which the app's composition root (the one per application) calls.
/// Everyone else receives what they need.
public final class UserRouter: UserWireframe {
    public let navigator: any Navigator
    private let screen: any Screen

    public init(navigator: any Navigator, screen: any Screen) {
        self.navigator = navigator
        self.screen = screen
    }

    public func showDetail(for user: User) {
        navigator.push(UserDetailView.screenName(for: user))
        UserDetailView(user: user, screen: screen).show()
    }

    /// Builds the user list module and returns its view, ready to be shown.
    ///
    /// The view owns the presenter, the presenter owns the interactor and the router, and the
    /// presenter's link back to the view is weak: whoever holds the returned view holds the
    /// whole module, and letting go of it frees every part.
    public static func assembleModule(services: UserModuleServices) -> UserListView {
        let router = UserRouter(navigator: services.navigator, screen: services.screen)
        let interactor = UserInteractor(
            dataSource: services.dataSource, clock: services.clock, logger: services.logger
        )
        let presenter = UserListPresenter(interactor: interactor, router: router)
        let view = UserListView(presenter: presenter, screen: services.screen)
        presenter.view = view
        return view
    }
}
