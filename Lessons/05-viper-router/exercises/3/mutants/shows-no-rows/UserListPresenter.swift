import ViperRouter

/// MUTANT (shows-no-rows): shows the users on no view: the rows never reach it.
///
/// The Presenter: turns users into rows for the view, and the person's taps into navigation.
///
/// It knows its three collaborators only by their protocols and creates none of them: the
/// router's `assembleModule` hands them in. That is what lets a test give it a stub interactor
/// and a spy router.
public final class UserListPresenter: UserPresentation {
    /// Weak: the view owns this presenter, so a strong link back would be a
    /// retain cycle, and a dismissed screen would never be freed.
    public weak var view: (any UserView)?
    public let interactor: any UserUseCase
    public let router: any UserWireframe
    private var users: [User] = []

    public init(interactor: any UserUseCase, router: any UserWireframe) {
        self.interactor = interactor
        self.router = router
    }

    public func viewDidLoad() {
        do {
            users = try interactor.fetchUsers()
        } catch {
            users = []
            view?.showError("The users could not be loaded.")
        }
    }

    public func didSelectUser(at index: Int) {
        // A tap can only name a row that was shown; anything else is ignored, not a crash.
        guard users.indices.contains(index) else { return }
        router.showDetail(for: users[index])
    }
}
