import XCTest
import Domain
import ViperRouter

/// A stub data source: it hands the interactor users chosen by the test, so the test knows
/// exactly what went in and can say exactly what should come out.
struct StubUserDataSource: UserDataSource {
    let users: [User]

    func fetchUsers() throws -> [User] {
        users
    }
}

final class UserInteractorTests: XCTestCase {
    let ada = User(id: 1, name: "Ada Lovelace", handle: "@ada", bio: "Wrote the first program.")
    let grace = User(id: 2, name: "Grace Hopper", handle: "@grace", bio: "Built the first compiler.")

    func testTheInteractorListsTheUsersOfItsDataSourceByName() throws {
        let logger = RecordingLogger()
        let interactor = UserInteractor(
            dataSource: StubUserDataSource(users: [ada, grace]),
            clock: try FixedClock(day: "2016-06-18"),
            logger: logger
        )

        let users = try interactor.fetchUsers()


        XCTAssertEqual(users, [ada, grace])
        XCTAssertEqual(logger.messages(at: .info), ["fetched 2 users at 2016-06-18 00:00 UTC"])
    }
}
