import XCTest
import ViperRouter

/// A stub: it answers the presenter's one question with users chosen by the test, and
/// checks nothing. It is here so the presenter has something to list.
final class StubUserUseCase: UserUseCase {
    let users: [User]
    /// Set it, and every fetch from then on throws it, as a server that went down would.
    var failure: (any Error)?

    init(users: [User]) {
        self.users = users
    }

    func fetchUsers() throws -> [User] {
        if let failure { throw failure }
        return users
    }
}

struct ServerDown: Error {}

/// A spy for the view: it writes down every list and every error the presenter showed.
final class SpyUserView: UserView {
    private(set) var rows: [[String]] = []
    private(set) var errors: [String] = []

    func showUsers(_ rows: [String]) {
        self.rows.append(rows)
    }

    func showError(_ message: String) {
        errors.append(message)
    }
}

/// A spy: it stands in for the router and writes down what the presenter asked of it, so the
/// test can check that conversation afterwards. (The talk this lesson grew from calls such a
/// double a mock, loosely.)
final class SpyUserRouter: UserWireframe {
    /// Every user whose detail the presenter asked for, in order.
    private(set) var shownUsers: [User] = []

    func showDetail(for user: User) {
        shownUsers.append(user)
    }
}

final class UserListPresenterTests: XCTestCase {
    let ada = User(id: 1, name: "Ada Lovelace", handle: "@ada", bio: "Wrote the first program.")
    let grace = User(id: 2, name: "Grace Hopper", handle: "@grace", bio: "Built the first compiler.")

    func testSelectingAUserAsksTheRouterToShowTheDetailOfThatUser() throws {
        let router = SpyUserRouter()
        let interactor = StubUserUseCase(users: [ada, grace])
        let presenter = UserListPresenter(interactor: interactor, router: router)

        presenter.viewDidLoad()
        presenter.didSelectUser(at: 1)

        // The whole conversation in one comparison: Grace, once, and nothing before or after.
        XCTAssertEqual(router.shownUsers, [grace])
    }

    func testLoadingTheListNavigatesNowhere() throws {
        let router = SpyUserRouter()
        let interactor = StubUserUseCase(users: [ada, grace])
        let presenter = UserListPresenter(interactor: interactor, router: router)

        presenter.viewDidLoad()

        XCTAssertEqual(router.shownUsers, [], "Only a selection should lead to a detail screen")
    }

    func testLoadingShowsOneRowPerUserOnTheView() throws {
        let view = SpyUserView()
        let presenter = UserListPresenter(interactor: StubUserUseCase(users: [ada, grace]), router: SpyUserRouter())
        presenter.view = view

        presenter.viewDidLoad()

        XCTAssertEqual(view.rows, [["Ada Lovelace  @ada", "Grace Hopper  @grace"]])
        XCTAssertEqual(view.errors, [])
    }

    func testAFailedReloadShowsTheErrorAndLeavesNothingToSelect() throws {
        let view = SpyUserView()
        let router = SpyUserRouter()
        let interactor = StubUserUseCase(users: [ada, grace])
        let presenter = UserListPresenter(interactor: interactor, router: router)
        presenter.view = view
        presenter.viewDidLoad()

        interactor.failure = ServerDown()
        presenter.viewDidLoad()

        XCTAssertEqual(view.errors, ["The users could not be loaded."])
    }

    func testThePresenterDoesNotKeepItsViewAlive() throws {
        let presenter = UserListPresenter(interactor: StubUserUseCase(users: [ada, grace]), router: SpyUserRouter())
        weak var gone: SpyUserView?
        do {
            let view = SpyUserView()
            presenter.view = view
            gone = view
        }

        // In the app the view owns its presenter: a presenter holding its view as well would
        // make a retain cycle, and keep a dismissed list alive.
        XCTAssertNil(gone, "the view was dismissed, and the presenter should let it go")
        // And the presenter copes with its view being gone (an `unowned` link would crash).
        presenter.viewDidLoad()
    }
}
