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

/// A data source that fails with the error it was made with, as a server that is down would.
struct FailingUserDataSource: UserDataSource {
    let error: any Error

    func fetchUsers() throws -> [User] {
        throw error
    }
}

struct ServerDown: Error, CustomStringConvertible {
    var description: String { "the server is down" }
}

final class UserInteractorTests: XCTestCase {
    let ada = User(id: 1, name: "Ada Lovelace", handle: "@ada", bio: "Wrote the first program.")
    let grace = User(id: 2, name: "Grace Hopper", handle: "@grace", bio: "Built the first compiler.")
    /// Another person of the same name: a sort keeps the two in the data source's order.
    let otherAda = User(id: 3, name: "Ada Lovelace", handle: "@lovelace", bio: "Not that Ada.")

    func testTheInteractorListsTheUsersOfItsDataSourceByName() throws {
        let logger = RecordingLogger()
        let interactor = UserInteractor(
            dataSource: StubUserDataSource(users: [grace, ada, otherAda]),
            clock: try FixedClock(day: "2016-06-18"),
            logger: logger
        )

        let users = try interactor.fetchUsers()

        // The stub went in out of order, so only a sorting interactor gives Ada first; and
        // only a sort that keeps namesakes in their order gives her before the other Ada.
        XCTAssertEqual(users, [ada, otherAda, grace])
        XCTAssertEqual(logger.messages(at: .info), ["fetched 3 users at 2016-06-18 00:00 UTC"])
    }

    func testAFailedFetchIsLoggedAndItsErrorPassedOn() throws {
        let logger = RecordingLogger()
        let interactor = UserInteractor(
            dataSource: FailingUserDataSource(error: ServerDown()),
            clock: try FixedClock(day: "2016-06-18"),
            logger: logger
        )

        XCTAssertThrowsError(try interactor.fetchUsers()) { error in
            XCTAssertTrue(error is ServerDown, "the data source's own error, passed on as it is")
        }
        XCTAssertEqual(logger.messages(at: .error), ["could not fetch users at 2016-06-18 00:00 UTC: the server is down"])
    }
}
