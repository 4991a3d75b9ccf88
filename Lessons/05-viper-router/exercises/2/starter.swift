import Domain
import ViperRouter

/// The Presenter of the user list: rows for the view, and the person's taps into navigation.
final class UserListPresenter: UserPresentation {
    // TODO (2): the view owns this presenter, so holding it strongly here makes a cycle
    // (view → presenter → view) and a dismissed list is never freed.
    var view: (any UserView)?
    let interactor: any UserUseCase
    let router: any UserWireframe
    private var users: [User] = []

    // TODO (1): the presenter picks its own router, on a navigator of its own that no app
    // shows, and no test can swap it. Receive the router instead:
    // `init(interactor: any UserUseCase, router: any UserWireframe)`.
    init(interactor: any UserUseCase) {
        self.interactor = interactor
        self.router = UserRouter(navigator: TerminalNavigator(root: "Users"), screen: TerminalScreen.standard)
    }

    func viewDidLoad() {
        do {
            users = try interactor.fetchUsers()
            view?.showUsers(users.map { "\($0.name)  \($0.handle)" })
        } catch {
            users = []
            view?.showError("The users could not be loaded.")
        }
    }

    func didSelectUser(at index: Int) {
        guard users.indices.contains(index) else { return }
        router.showDetail(for: users[index])
    }
}
