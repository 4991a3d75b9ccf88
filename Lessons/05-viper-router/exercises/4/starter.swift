import XCTest
import Domain
import ViperRouter

/// A stub data source: it hands the interactor users chosen by the test, so the test knows
/// exactly what went in and can say exactly what should come out.
struct StubUserDataSource: UserDataSource {
    let users: [User]

    func fetchUsers() throws -> [User] {
        // TODO: answer with the users this stub was made with.
        []
    }
}

final class UserInteractorTests: XCTestCase {
    let ada = User(id: 1, name: "Ada Lovelace", handle: "@ada", bio: "Wrote the first program.")
    let grace = User(id: 2, name: "Grace Hopper", handle: "@grace", bio: "Built the first compiler.")

    func testTheInteractorListsTheUsersOfItsDataSourceByName() throws {
        let logger = RecordingLogger()
        let interactor = UserInteractor(
            dataSource: StubUserDataSource(users: [grace, ada]),
            clock: try FixedClock(day: "2016-06-18"),
            logger: logger
        )

        let users = try interactor.fetchUsers()

        // TODO: assert that `users` are the stub's users sorted by name, and that the logger
        // received exactly one info message, stamped with the fixed clock's time.
        _ = users
    }
}
