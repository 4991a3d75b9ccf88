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
final class App {
    init(a: ServiceA) {}
}

/// The checks' own safety net for factories in a cycle: it counts their calls and gives up
/// long before the stack would overflow, so a container that never notices a cycle fails a
/// check instead of crashing the program.
final class RoundCounter {
    struct WentRoundTheCycle: Error, CustomStringConvertible {
        var description: String { "the checks stopped resolve after 100 rounds of the cycle" }
    }

    private var rounds = 0

    func count() throws {
        rounds += 1
        if rounds > 100 { throw WentRoundTheCycle() }
    }
}

/// A container with ServiceA → ServiceB → ServiceA registered, the factories counting their calls.
func containerWithACycle() -> MiniContainer {
    let container = MiniContainer()
    let rounds = RoundCounter()
    container.register(ServiceA.self) { c in
        try rounds.count()
        return ServiceA(b: try c.resolve(ServiceB.self))
    }
    container.register(ServiceB.self) { c in
        try rounds.count()
        return ServiceB(a: try c.resolve(ServiceA.self))
    }
    return container
}

/// What to tell the learner when resolving a cycle threw `error` instead of `expected`.
func cycleMessage(_ error: any Error, expected: [String], because reason: String, advice: String = "") -> String {
    let wanted = "ResolutionError.cycle([\(expected.map { "\"\($0)\"" }.joined(separator: ", "))])"
    if error is RoundCounter.WentRoundTheCycle {
        return "\(reason), and resolve went round that cycle 100 times without noticing it: before calling a factory, look whether its type is already being built, and if so throw \(wanted)"
    }
    return "\(reason): resolve should throw \(wanted)\(advice); it threw: \(error)"
}

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

    func testANewRegistrationReplacesTheOldSingleton() throws {
        let container = MiniContainer()
        let old = Engine(), new = Engine()
        container.register(Engine.self, lifetime: .singleton) { _ in old }
        XCTAssertTrue(try container.resolve(Engine.self) === old)
        container.register(Engine.self, lifetime: .singleton) { _ in new }
        XCTAssertTrue(
            try container.resolve(Engine.self) === new,
            "After a second registration of Engine, resolve still handed out the instance the first registration built: a second registration replaces the first, its singleton too (forget the old instance in register)"
        )
    }

    func testEachContainerHasSingletonsOfItsOwn() throws {
        let first = MiniContainer()
        let second = MiniContainer()
        first.register(Engine.self, lifetime: .singleton) { _ in Engine() }
        second.register(Engine.self, lifetime: .singleton) { _ in Engine() }
        XCTAssertFalse(
            try first.resolve(Engine.self) === second.resolve(Engine.self),
            "Two containers handed out the same .singleton Engine: a singleton is one per container, so keep the instances in the container (an instance property), not in a static or global that every container shares"
        )
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
        let container = containerWithACycle()
        XCTAssertThrowsError(try container.resolve(ServiceA.self)) { error in
            XCTAssertEqual(
                error as? ResolutionError, .cycle(["ServiceA", "ServiceB", "ServiceA"]),
                cycleMessage(error, expected: ["ServiceA", "ServiceB", "ServiceA"], because: "ServiceA needs ServiceB, which needs ServiceA")
            )
            XCTAssertEqual(
                "\(error)", "dependency cycle: ServiceA → ServiceB → ServiceA",
                "The error should read as the cycle it found"
            )
        }
    }

    func testACycleBelowTheTopIsReportedFromWhereItStarts() {
        let container = containerWithACycle()
        container.register(App.self) { c in App(a: try c.resolve(ServiceA.self)) }
        XCTAssertThrowsError(try container.resolve(App.self)) { error in
            XCTAssertEqual(
                error as? ResolutionError, .cycle(["ServiceA", "ServiceB", "ServiceA"]),
                cycleMessage(
                    error, expected: ["ServiceA", "ServiceB", "ServiceA"],
                    because: "App needs ServiceA, which needs ServiceB, which needs ServiceA again",
                    advice: ", the names from where the cycle starts, not from the top of the stack"
                )
            )
        }
    }

    func testATypeThatNeedsItselfIsACycleToo() {
        let container = MiniContainer()
        let rounds = RoundCounter()
        container.register(Loop.self) { c in
            try rounds.count()
            return try c.resolve(Loop.self)
        }
        XCTAssertThrowsError(try container.resolve(Loop.self)) { error in
            XCTAssertEqual(
                error as? ResolutionError, .cycle(["Loop", "Loop"]),
                cycleMessage(error, expected: ["Loop", "Loop"], because: "A factory that resolves its own type is a cycle")
            )
        }
    }

    func testAFailedResolveLeavesTheContainerUsable() throws {
        let container = containerWithACycle()
        var reported: (any Error)?
        XCTAssertThrowsError(try container.resolve(ServiceA.self)) { reported = $0 }
        // If the cycle was not reported, the checks above say why; this one is about afterwards.
        guard reported is ResolutionError else { return }
        // The cycle is fixed: ServiceB no longer asks for ServiceA.
        container.register(ServiceB.self) { _ in ServiceB(a: nil) }
        XCTAssertNoThrow(
            try container.resolve(ServiceA.self),
            "After a cycle was reported and fixed, resolving ServiceA should work: forget what you were building when a resolve throws (`defer` helps)"
        )
    }
}
