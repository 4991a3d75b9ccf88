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
        UserDetailView(user: user, screen: screen).show()
    }

    /// Builds the user list module from the app's `services` and returns its view.
    static func assembleModule(services: UserModuleServices) -> UserListView {
        // TODO: this is the only place allowed to create the module's parts, and it is only
        // half done. It should create
        // - a UserRouter on the services' navigator and screen (done),
        // - a UserInteractor with the services' data source, clock and logger,
        // - a UserListPresenter from that interactor and the router,
        // - a UserListView around that presenter, on the services' screen,
        // then tell the presenter its view, and return the view.
        let router = UserRouter(navigator: services.navigator, screen: services.screen)
        let presenter = UserListPresenter(interactor: NoInteractorYet(), router: router)
        return UserListView(presenter: presenter, screen: services.screen)
    }
}

/// A placeholder, so that this file compiles before the module is assembled. Delete it once
/// `assembleModule` builds a real `UserInteractor`.
struct NoInteractorYet: UserUseCase {
    func fetchUsers() throws -> [User] {
        []
    }
}
