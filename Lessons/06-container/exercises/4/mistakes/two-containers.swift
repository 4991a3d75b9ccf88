import XCTest
import ContainerLesson
import Domain

/// Tests that pin the lifetimes of `makeAppContainer()`'s registrations. The compiler cannot
/// check a lifetime, so if nobody tests them, a one-word change goes unnoticed.
final class LifetimeTests: XCTestCase {
    func testTheWholeAppSharesOneLogger() throws {
        let container = makeAppContainer()
        // `Logger` is not class-bound, so `===` needs objects: `as AnyObject`
        // gives the one inside. That works because the app's logger is a
        // class; a struct would be boxed anew each time, and `===` would
        // always be false.
        let first = try container.resolve((any Logger).self) as AnyObject
        let second = try container.resolve((any Logger).self) as AnyObject
        XCTAssertTrue(first === second, "The logger should be a singleton: one for the whole app")
    }

    func testEveryResolveBuildsANewCoordinator() throws {
        let first = try makeAppContainer().resolve(MainCoordinator.self)
        let second = try makeAppContainer().resolve(MainCoordinator.self)
        XCTAssertFalse(first === second, "Each resolve should build its own coordinator")
    }

    func testEveryResolveBuildsANewNavigator() throws {
        let first = try makeAppContainer().resolve((any Navigator).self) as AnyObject
        let second = try makeAppContainer().resolve((any Navigator).self) as AnyObject
        XCTAssertFalse(first === second, "Each graph should get its own navigation stack")
    }
}
