import XCTest
import ViperRouter

/// A stub: it answers the presenter's one question with users chosen by the test, and
/// checks nothing. It is here so the presenter has something to list.
final class StubUserUseCase: UserUseCase {
    let users: [User]

    init(users: [User]) {
        self.users = users
    }

    func fetchUsers() throws -> [User] {
        users
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

        // It got here without crashing, so selecting works.
    }
}
