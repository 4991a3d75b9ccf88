import XCTest
import Domain
import ViperRouter

let ada = User(id: 1, name: "Ada Lovelace", handle: "@ada", bio: "Programs.")
let grace = User(id: 2, name: "Grace Hopper", handle: "@grace", bio: "Compilers.")

/// Answers with two users; these checks are about the router, not about fetching.
final class TwoUsers: UserUseCase {
    func fetchUsers() -> [User] { [ada, grace] }
}

/// A router that only writes down which details it was asked to show.
final class RouterRecorder: UserWireframe {
    private(set) var shown: [User] = []
    func showDetail(for user: User) { shown.append(user) }
}

/// A view that draws nothing.
final class BlankView: UserView {
    func showUsers(_ rows: [String]) {}
    func showError(_ message: String) {}
}

/// A view that writes down what it was asked to show.
final class ShownView: UserView {
    private(set) var rows: [[String]] = []
    private(set) var errors: [String] = []
    func showUsers(_ rows: [String]) { self.rows.append(rows) }
    func showError(_ message: String) { errors.append(message) }
}

/// Answers with the users it is given, one list per fetch; then the network is down.
final class ListedUsers: UserUseCase {
    struct Down: Error {}
    var lists: [[User]]
    init(_ lists: [[User]]) { self.lists = lists }
    func fetchUsers() throws -> [User] {
        guard !lists.isEmpty else { throw Down() }
        return lists.removeFirst()
    }
}

final class InjectTheRouterChecks: XCTestCase {
    func testThePresenterKeepsTheRouterItIsGiven() {
        let router = RouterRecorder()
        let presenter = UserListPresenter(interactor: TwoUsers(), router: router)
        XCTAssertTrue(
            presenter.router === router,
            "init(interactor:router:) should keep the router it receives, not build a UserRouter of its own"
        )
    }

    func testSelectingAUserAsksTheGivenRouterForTheDetailOfThatUser() {
        let router = RouterRecorder()
        let presenter = UserListPresenter(interactor: TwoUsers(), router: router)
        presenter.viewDidLoad()
        presenter.didSelectUser(at: 1)
        XCTAssertEqual(
            router.shown.map(\.name), ["Grace Hopper"],
            "Selecting the second row should ask the router passed to init, once, for Grace Hopper's detail"
        )
    }

    func testTheListShowsItsRowsAndAFailedFetchLeavesNothingToSelect() {
        let view = ShownView()
        let router = RouterRecorder()
        let presenter = UserListPresenter(interactor: ListedUsers([[grace, ada]]), router: router)
        presenter.view = view
        presenter.viewDidLoad()
        XCTAssertEqual(view.rows, [["Grace Hopper  @grace", "Ada Lovelace  @ada"]], "viewDidLoad should show one row per user fetched, in order, on the view")
        // The second fetch fails: the list is emptied, so selecting a row routes nowhere.
        presenter.viewDidLoad()
        XCTAssertEqual(view.errors, ["The users could not be loaded."], "When fetching fails, viewDidLoad should show the error on the view")
        presenter.didSelectUser(at: 0)
        XCTAssertEqual(router.shown, [], "After a failed fetch the list is empty: selecting row 0 should not open the detail of a user from the list before")
    }

    func testAPresenterOutlivingItsViewDoesNotCrash() {
        let presenter = UserListPresenter(interactor: TwoUsers(), router: RouterRecorder())
        do {
            let view = ShownView()
            presenter.view = view
        }
        // The view is gone; a `weak` link is now nil and the presenter shows nothing. (An
        // `unowned` one would crash here.)
        presenter.viewDidLoad()
        XCTAssertNil(presenter.view, "The view was freed, so the presenter's link to it should be nil: keep it `weak var`, not `unowned`")
    }

    func testThePresenterOwnsTheRouterItIsGiven() {
        weak var router: RouterRecorder?
        let presenter: UserListPresenter
        do {
            // As in assembleModule: nobody but the presenter keeps the router it is given.
            let made = RouterRecorder()
            router = made
            presenter = UserListPresenter(interactor: TwoUsers(), router: made)
        }
        withExtendedLifetime(presenter) {
            XCTAssertNotNil(
                router,
                "The presenter let go of its router as soon as it was made: assembleModule keeps no other reference to the router, so the presenter must own it (`let router: any UserWireframe`). Only the link back to the view is weak."
            )
        }
    }

    func testADismissedListFreesItsPresenter() {
        weak var presenter: UserListPresenter?
        weak var view: UserListView?
        do {
            // Wired by hand, the way assembleModule does it.
            let madePresenter = UserListPresenter(interactor: TwoUsers(), router: RouterRecorder())
            let madeView = UserListView(presenter: madePresenter, screen: TerminalScreen { _ in })
            madePresenter.view = madeView
            presenter = madePresenter
            view = madeView
            madeView.load()
        }
        // The list was dismissed: nothing outside holds the view any more.
        XCTAssertNil(
            view,
            "The view was not freed after it was dismissed: the presenter holds it strongly (view → presenter → view is a retain cycle). Make `view` a `weak var`."
        )
        XCTAssertNil(presenter, "The presenter was not freed after its view was dismissed: look for a strong reference back to the view")
    }
}
