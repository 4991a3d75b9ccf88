import XCTest
import Dependencies
import DependencyValuesLesson
import Domain

/// The error the failing `send` throws in these tests: `==` tells it from any other error.
struct NetworkDown: Error, Equatable {}

final class PostComposerTests: XCTestCase {
    func testSharingSendsOneStampedPost() throws {
        let sent = LockIsolated<[Post]>([])
        try withDependencies {
            // Explicit, so the test means the same here and under `swift test`.
            $0.context = .test
            $0[SocialClient.self].send = { post in sent.withValue { $0.append(post) } }
            $0.date.now = Date(timeIntervalSince1970: 1_466_208_000)  // 2016-06-18 00:00 UTC
        } operation: {
            try PostComposer().share("Hello")
        }
        XCTAssertEqual(sent.value, [Post(network: .twitter, text: "Hello (2016-06-18 00:00 UTC)")])
    }

    func testAFailedSendReachesTheCaller() throws {
        // TODO: override `send` with one that throws NetworkDown() (and stop the date), then
        // assert that `PostComposer().share("Hello")` throws that very error to its caller.
    }
}
