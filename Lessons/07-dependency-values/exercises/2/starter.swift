import XCTest
import Dependencies
import DependencyValuesLesson
import Domain

/// The error your failing `send` can throw: `==` tells it from any other error.
struct NetworkDown: Error, Equatable {}

final class PostComposerTests: XCTestCase {
    func testSharingSendsOneStampedPost() throws {
        // TODO: run `PostComposer().share("Hello")` inside `withDependencies`, overriding
        //   - the client's `send` endpoint with one that records every post it is given, and
        //   - the date, stopped at 2016-06-18 00:00 UTC (Date(timeIntervalSince1970: 1_466_208_000)).
        // Then assert that exactly one post was sent, and what it says.
        let composer = PostComposer()
        _ = composer
    }

    func testAFailedSendReachesTheCaller() throws {
        // TODO: override `send` with one that throws NetworkDown() (and stop the date), then
        // assert that `PostComposer().share("Hello")` throws that very error to its caller.
    }
}
