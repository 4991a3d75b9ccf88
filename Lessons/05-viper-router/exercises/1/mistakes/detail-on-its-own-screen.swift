import Domain
import ViperRouter

/// The Router of the user list: navigation, and the one place the module is put together.
final class UserRouter: UserWireframe {
    let navigator: any Navigator
    private let screen: any Screen

    init(navigator: any Navigator, screen: any Screen) {
        self.navigator = navigator
        self.screen = screen
    }

    func showDetail(for user: User) {
        navigator.push(UserDetailView.screenName(for: user))
        UserDetailView(user: user, screen: TerminalScreen()).show()
    }

    /// Builds the user list module from the app's `services` and returns its view.
    static func assembleModule(services: UserModuleServices) -> UserListView {
        let router = UserRouter(navigator: services.navigator, screen: services.screen)
        let interactor = UserInteractor(
            dataSource: services.dataSource, clock: services.clock, logger: services.logger
        )
        let presenter = UserListPresenter(interactor: interactor, router: router)
        let view = UserListView(presenter: presenter, screen: services.screen)
        // Last, because the view needs the presenter first. The presenter keeps it weakly:
        // the view owns the presenter, so whoever holds the view holds the whole module.
        presenter.view = view
        return view
    }
}
