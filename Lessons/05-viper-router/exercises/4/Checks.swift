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
        let answer = try StubUserDataSource(users: users).fetchUsers()
        let sortedByTheStub = answer != users && answer == users.sorted { $0.name < $1.name }
        XCTAssertEqual(
            answer, users,
            sortedByTheStub
                ? "(A check on your stub, not one of your tests.) StubUserDataSource sorts the users it was made with: sorting is the interactor's job, and a stub that does it hides an interactor that does not. Return exactly the users it was made with, in the same order"
                : "(A check on your stub, not one of your tests.) StubUserDataSource(users:).fetchUsers() should return exactly the users it was made with, in the same order"
        )
    }
}
