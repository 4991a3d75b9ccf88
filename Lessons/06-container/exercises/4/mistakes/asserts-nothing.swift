import XCTest
import ContainerLesson
import Domain

/// Tests that pin the lifetimes of `makeAppContainer()`'s registrations. The compiler cannot
/// check a lifetime, so if nobody tests them, a one-word change goes unnoticed.
final class LifetimeTests: XCTestCase {
    func testTheWholeAppSharesOneLogger() throws {
        let container = makeAppContainer()
        // `any Logger` may hold a struct, so `===` needs the values as objects first.
        let first = try container.resolve((any Logger).self) as AnyObject
        let second = try container.resolve((any Logger).self) as AnyObject
        _ = (first, second)
    }

    func testEveryResolveBuildsANewCoordinator() throws {
        let container = makeAppContainer()
        let first = try container.resolve(MainCoordinator.self)
        let second = try container.resolve(MainCoordinator.self)
        _ = (first, second)
    }

    func testEveryResolveBuildsANewNavigator() throws {
        let container = makeAppContainer()
        let first = try container.resolve((any Navigator).self) as AnyObject
        let second = try container.resolve((any Navigator).self) as AnyObject
        _ = (first, second)
    }
}
