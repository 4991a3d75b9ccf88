/// Weak references to the four parts of an assembled user module, to find out afterwards
/// which of them were freed.
///
/// Weak references do not keep anything alive, so they can watch the module without changing
/// when it goes away.
struct ModuleParts {
    /// The parts' type names, in the order `freedParts` lists them.
    static let names = ["UserListView", "UserListPresenter", "UserInteractor", "UserRouter"]

    weak var view: UserListView?
    weak var presenter: AnyObject?
    weak var interactor: AnyObject?
    weak var router: AnyObject?

    init(view: UserListView) {
        self.view = view
        let presenter = view.presenter as? UserListPresenter
        self.presenter = presenter
        self.interactor = presenter.map { $0.interactor as AnyObject }
        self.router = presenter?.router
    }

    /// The names of the parts that no longer exist.
    var freedParts: [String] {
        zip(Self.names, [view as AnyObject?, presenter, interactor, router])
            .filter { $0.1 == nil }
            .map(\.0)
    }
}
