import XCTest
import ContainerLesson
import Domain

/// Tests that pin the lifetimes of `makeAppContainer()`'s registrations. The compiler cannot
/// check a lifetime, so if nobody tests them, a one-word change goes unnoticed.
final class LifetimeTests: XCTestCase {
    func testTheWholeAppSharesOneLogger() throws {
        let container = makeAppContainer()
        // TODO: resolve `(any Logger).self` twice and assert that both are the same object.
        _ = container
    }

    func testEveryResolveBuildsANewCoordinator() throws {
        let container = makeAppContainer()
        // TODO: resolve `MainCoordinator.self` twice and assert that they are different objects.
        _ = container
    }

    func testEveryResolveBuildsANewNavigator() throws {
        let container = makeAppContainer()
        // TODO: resolve `(any Navigator).self` twice and assert that they are different objects.
        _ = container
    }
}
