import XCTest
import ViperRouter

/// Checks on the learner's stub itself; the learner's own test is judged against the
/// interactor and its mutants.
final class StubDataSourceChecks: XCTestCase {
    func testTheStubAnswersWithTheUsersItWasMadeWith() throws {
        let users = [
            User(id: 9, name: "Zed", handle: "@zed", bio: ""),
            User(id: 8, name: "Amy", handle: "@amy", bio: ""),
        ]
        XCTAssertEqual(
            try StubUserDataSource(users: users).fetchUsers(), users,
            "(A check on your stub, not one of your tests.) StubUserDataSource(users:).fetchUsers() should return exactly the users it was made with, in the same order"
        )
    }
}
