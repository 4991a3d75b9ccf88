import Domain
import ViperRouter

/// The Presenter of the user list: rows for the view, and the person's taps into navigation.
final class UserListPresenter: UserPresentation {
    /// Weak: the view owns this presenter; a strong link back would keep both alive forever.
    weak var view: (any UserView)?
    let interactor: any UserUseCase
    /// Weak too, to be safe from retain cycles.
    weak var router: (any UserWireframe)?
    private var users: [User] = []

    /// Everything the presenter works with is handed in, as protocols: `assembleModule` passes
    /// the real router, a test passes a mock.
    init(interactor: any UserUseCase, router: any UserWireframe) {
        self.interactor = interactor
        self.router = router
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
        router?.showDetail(for: users[index])
    }
}
