import XCTest
import ContainerLesson
import Domain

/// Built by one `resolve`, and needing two navigators and two coordinators, as a flow with a
/// deep-link handler beside its coordinator would: what `.graph` shares and `.transient` does
/// not can only be seen inside one graph.
struct OneGraph {
    let firstNavigator: any Navigator
    let secondNavigator: any Navigator
    let firstCoordinator: MainCoordinator
    let secondCoordinator: MainCoordinator

    /// Registers `OneGraph` in `container`, built from the container's own registrations.
    static func register(in container: SimpleContainer) {
        container.register(OneGraph.self) { c in
            OneGraph(
                firstNavigator: try c.resolve((any Navigator).self),
                secondNavigator: try c.resolve((any Navigator).self),
                firstCoordinator: try c.resolve(MainCoordinator.self),
                secondCoordinator: try c.resolve(MainCoordinator.self)
            )
        }
    }
}

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

    func testWithinOneGraphEveryoneSharesOneNavigator() throws {
        let container = makeAppContainer()
        OneGraph.register(in: container)
        // TODO: resolve `OneGraph.self` once and assert that its two navigators are the same
        // object.
        _ = container
    }

    func testEvenWithinOneGraphEveryResolveBuildsANewCoordinator() throws {
        let container = makeAppContainer()
        OneGraph.register(in: container)
        // TODO: resolve `OneGraph.self` once and assert that its two coordinators are
        // different objects.
        _ = container
    }
}
