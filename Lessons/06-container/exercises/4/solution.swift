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
        // `Logger` is not class-bound, so `===` needs objects: `as AnyObject`
        // gives the one inside. That works because the app's logger is a
        // class; a struct would be boxed anew each time, and `===` would
        // always be false.
        let first = try container.resolve((any Logger).self) as AnyObject
        let second = try container.resolve((any Logger).self) as AnyObject
        XCTAssertTrue(first === second, "The logger should be a singleton: one for the whole app")
    }

    func testEveryResolveBuildsANewCoordinator() throws {
        let container = makeAppContainer()
        let first = try container.resolve(MainCoordinator.self)
        let second = try container.resolve(MainCoordinator.self)
        XCTAssertFalse(first === second, "Each resolve should build its own coordinator")
    }

    func testEveryResolveBuildsANewNavigator() throws {
        let container = makeAppContainer()
        let first = try container.resolve((any Navigator).self) as AnyObject
        let second = try container.resolve((any Navigator).self) as AnyObject
        XCTAssertFalse(first === second, "Each graph should get its own navigation stack")
    }

    func testWithinOneGraphEveryoneSharesOneNavigator() throws {
        let container = makeAppContainer()
        OneGraph.register(in: container)
        let graph = try container.resolve(OneGraph.self)
        XCTAssertTrue(
            graph.firstNavigator as AnyObject === graph.secondNavigator as AnyObject,
            "Within one graph, everyone who needs a navigator should share one stack"
        )
    }

    func testEvenWithinOneGraphEveryResolveBuildsANewCoordinator() throws {
        let container = makeAppContainer()
        OneGraph.register(in: container)
        let graph = try container.resolve(OneGraph.self)
        XCTAssertFalse(graph.firstCoordinator === graph.secondCoordinator, "Each resolve should build its own coordinator, even within one graph")
    }
}
