import XCTest
import ContainerLesson

final class Engine {}
final class Car {
    let engine: Engine
    init(engine: Engine) { self.engine = engine }
}
final class ServiceA {
    init(b: ServiceB) {}
}
final class ServiceB {
    init(a: ServiceA?) {}
}
final class Loop {}

final class SingletonAndCycleChecks: XCTestCase {
    func testTransientStillBuildsANewInstanceEachTime() throws {
        let container = MiniContainer()
        container.register(Engine.self) { _ in Engine() }
        XCTAssertFalse(
            try container.resolve(Engine.self) === container.resolve(Engine.self),
            "A .transient registration (the default) should give a new Engine at every resolve"
        )
    }

    func testASingletonIsBuiltOnceAndShared() throws {
        let container = MiniContainer()
        var built = 0
        container.register(Engine.self, lifetime: .singleton) { _ in
            built += 1
            return Engine()
        }
        container.register(Car.self) { c in Car(engine: try c.resolve(Engine.self)) }
        let first = try container.resolve(Car.self)
        let second = try container.resolve(Car.self)
        XCTAssertTrue(first.engine === second.engine, "Two cars should share the one .singleton Engine")
        XCTAssertEqual(built, 1, "The singleton's factory should run once, at the first resolve; it ran \(built) times")
    }

    func testASingletonIsBuiltOnlyWhenFirstNeeded() throws {
        let container = MiniContainer()
        var built = 0
        container.register(Engine.self, lifetime: .singleton) { _ in
            built += 1
            return Engine()
        }
        XCTAssertEqual(built, 0, "register must only store the factory, not call it")
        _ = try container.resolve(Engine.self)
        XCTAssertEqual(built, 1, "The first resolve should build the singleton")
    }

    func testAMissingRegistrationNamesTheType() {
        XCTAssertThrowsError(try MiniContainer().resolve(Engine.self)) { error in
            XCTAssertEqual(
                error as? ResolutionError, .missingRegistration(type: "Engine", path: []),
                "Resolving a type nobody registered should throw ResolutionError.missingRegistration naming it"
            )
        }
    }

    func testACycleIsReportedWithItsPath() {
        let container = MiniContainer()
        container.register(ServiceA.self) { c in ServiceA(b: try c.resolve(ServiceB.self)) }
        container.register(ServiceB.self) { c in ServiceB(a: try c.resolve(ServiceA.self)) }
        XCTAssertThrowsError(try container.resolve(ServiceA.self)) { error in
            XCTAssertEqual(
                error as? ResolutionError, .cycle(["ServiceA", "ServiceB", "ServiceA"]),
                "ServiceA needs ServiceB, which needs ServiceA: resolve should throw ResolutionError.cycle([\"ServiceA\", \"ServiceB\", \"ServiceA\"]), not \(error)"
            )
            XCTAssertEqual(
                "\(error)", "dependency cycle: ServiceA → ServiceB → ServiceA",
                "The error should read as the cycle it found"
            )
        }
    }

    func testATypeThatNeedsItselfIsACycleToo() {
        let container = MiniContainer()
        container.register(Loop.self) { c in try c.resolve(Loop.self) }
        XCTAssertThrowsError(try container.resolve(Loop.self)) { error in
            XCTAssertEqual(
                error as? ResolutionError, .cycle(["Loop", "Loop"]),
                "A factory that resolves its own type should throw ResolutionError.cycle([\"Loop\", \"Loop\"])"
            )
        }
    }

    func testAFailedResolveLeavesTheContainerUsable() throws {
        let container = MiniContainer()
        container.register(ServiceA.self) { c in ServiceA(b: try c.resolve(ServiceB.self)) }
        container.register(ServiceB.self) { c in ServiceB(a: try c.resolve(ServiceA.self)) }
        XCTAssertThrowsError(try container.resolve(ServiceA.self))
        // The cycle is fixed: ServiceB no longer asks for ServiceA.
        container.register(ServiceB.self) { _ in ServiceB(a: nil) }
        XCTAssertNoThrow(
            try container.resolve(ServiceA.self),
            "After a cycle was reported and fixed, resolving ServiceA should work: forget what you were building when a resolve throws (`defer` helps)"
        )
    }
}
