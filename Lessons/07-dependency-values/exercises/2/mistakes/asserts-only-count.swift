import XCTest
import Dependencies
import DependencyValuesLesson
import Domain

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
        XCTAssertEqual(sent.value.count, 1, "Sharing should send one post")
    }
}
