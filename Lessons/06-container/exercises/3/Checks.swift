import XCTest
import ContainerLesson
import Domain
import Swinject

/// A navigator written for these checks: it only remembers the steps it was asked for.
final class StepRecordingNavigator: Navigator {
    private(set) var steps: [String] = []
    func push(_ screen: String) { steps.append("push \(screen)") }
    func pop() { steps.append("pop") }
    func present(_ screen: String) { steps.append("present \(screen)") }
    func dismiss() { steps.append("dismiss") }
}

/// A screen that draws nothing, so the checks stay quiet.
struct QuietScreen: Screen {
    func present(_ sheet: Sheet) {}
}

/// The checks' own stand-ins, registered after the app's so that they win.
struct StandInAssembly: Assembly {
    let navigator: StepRecordingNavigator
    let logger: RecordingLogger

    func assemble(container: Container) {
        container.register((any Navigator).self) { _ in self.navigator }
        container.register((any Logger).self) { _ in self.logger }.inObjectScope(.container)
        container.register((any Clock).self) { _ in try! FixedClock(day: "2016-06-18") }.inObjectScope(.container)
        container.register((any Screen).self) { _ in QuietScreen() }
    }
}

/// The pieces MainCoordinator's factory resolves with `!`, by the names the learner reads.
let coordinatorPieces: [(name: String, isRegistered: (Resolver) -> Bool)] = [
    ("Logger", { $0.resolve((any Logger).self) != nil }),
    ("Clock", { $0.resolve((any Clock).self) != nil }),
    ("Navigator", { $0.resolve((any Navigator).self) != nil }),
    ("Screen", { $0.resolve((any Screen).self) != nil }),
    ("DIContainer", { $0.resolve(DIContainer.self) != nil }),
]

/// Whether AppAssembly registers every piece MainCoordinator needs; when it does not, resolving
/// the coordinator would crash at a `!`, so the checks that need one stop here instead.
func appAssemblyRegistersEveryPiece() -> Bool {
    let resolver = Assembler([AppAssembly()]).resolver
    return coordinatorPieces.allSatisfy { $0.isRegistered(resolver) }
}

/// Replaces only the app's logger, with one that prints nothing.
struct QuietLoggerAssembly: Assembly {
    func assemble(container: Container) {
        container.register((any Logger).self) { _ in RecordingLogger() }.inObjectScope(.container)
    }
}

/// Two coordinators resolved within one object graph: `.graph` would hand out one, twice.
final class CoordinatorPair {
    let first: MainCoordinator
    let second: MainCoordinator
    init(first: MainCoordinator, second: MainCoordinator) {
        self.first = first
        self.second = second
    }
}

struct CoordinatorPairAssembly: Assembly {
    func assemble(container: Container) {
        container.register(CoordinatorPair.self) { r in
            CoordinatorPair(first: r.resolve(MainCoordinator.self)!, second: r.resolve(MainCoordinator.self)!)
        }
    }
}

final class AssemblyChecks: XCTestCase {
    func testEvenWithinOneGraphEachResolveBuildsANewCoordinator() {
        guard appAssemblyRegistersEveryPiece() else {
            return XCTFail("AppAssembly misses a registration (see the check of every piece), so resolving MainCoordinator would crash at a `!`")
        }
        let resolver = Assembler([AppAssembly(), QuietLoggerAssembly(), CoordinatorPairAssembly()]).resolver
        guard let pair = resolver.resolve(CoordinatorPair.self) else { return XCTFail("The checks' CoordinatorPair could not be resolved") }
        XCTAssertFalse(
            pair.first === pair.second,
            "Two resolves of MainCoordinator within one object graph gave the same coordinator: that is the .graph scope. Keep its registration .inObjectScope(.transient): a new coordinator at every resolve, even within one graph."
        )
    }

    func testTheAssemblyAloneCanBuildTheCoordinator() {
        guard appAssemblyRegistersEveryPiece() else {
            return XCTFail("AppAssembly misses a registration (see the check of every piece), so resolving MainCoordinator would crash at a `!`")
        }
        let resolver = Assembler([AppAssembly()]).resolver
        XCTAssertNotNil(
            resolver.resolve(MainCoordinator.self),
            "Assembler([AppAssembly()]).resolver.resolve(MainCoordinator.self) returned nil: AppAssembly.assemble(container:) should register MainCoordinator and everything it needs"
        )
    }

    func testTheAssemblyRegistersEveryPiece() {
        let resolver = Assembler([AppAssembly()]).resolver
        for piece in coordinatorPieces {
            XCTAssertTrue(
                piece.isRegistered(resolver),
                "AppAssembly does not register a \(piece.name): Swinject's resolve gives nil for it, and MainCoordinator's factory would crash at its `!` the first time it runs. Move its registration from registerApp(in:) too."
            )
        }
    }

    func testTheLoggerAndTheClockStaySingletons() throws {
        let container = try XCTUnwrap(
            Assembler([AppAssembly()]).resolver as? Container,
            "An Assembler's resolver is its Container"
        )
        // Swinject describes each registration with its scope, e.g.
        // `{ Service: Logger, Factory: Resolver -> Logger, ObjectScope: container }`.
        let lines = container.description.split(separator: "\n").map(String.init)
        for service in ["Logger", "Clock"] {
            let line = lines.first { $0.contains("Service: \(service),") || $0.contains("Service: any \(service),") }
            XCTAssertTrue(
                line?.contains("ObjectScope: container") ?? false,
                "The \(service) should keep .inObjectScope(.container) in AppAssembly, as it had in registerApp(in:); Swinject describes it as: \(line?.trimmingCharacters(in: .whitespaces) ?? "not registered")"
            )
        }
    }

    func testEveryResolveBuildsANewCoordinator() {
        guard appAssemblyRegistersEveryPiece() else {
            return XCTFail("AppAssembly misses a registration (see the check of every piece), so resolving MainCoordinator would crash at a `!`")
        }
        // Only the logger is swapped, so that nothing is printed; the scopes are AppAssembly's.
        let resolver = Assembler([AppAssembly(), QuietLoggerAssembly()]).resolver
        let first = resolver.resolve(MainCoordinator.self)
        let second = resolver.resolve(MainCoordinator.self)
        XCTAssertNotNil(first, "AppAssembly should register MainCoordinator")
        XCTAssertFalse(
            first === second,
            "Resolving MainCoordinator twice from one Assembler gave the same coordinator: keep its registration .inObjectScope(.transient), as in registerApp(in:). In the .container scope it is built once and keeps its first navigator captive for the life of the app."
        )
    }

    func testEveryResolveBuildsANewNavigator() {
        let resolver = Assembler([AppAssembly()]).resolver
        guard let first = resolver.resolve((any Navigator).self), let second = resolver.resolve((any Navigator).self) else {
            return XCTFail("AppAssembly should register a Navigator")
        }
        XCTAssertFalse(
            first as AnyObject === second as AnyObject,
            "Two resolves of the Navigator gave the same one: leave the Navigator in Swinject's default .graph scope (no .inObjectScope), as in registerApp(in:), so that every coordinator gets its own navigation stack"
        )
    }

    func testMakeAppCoordinatorUsesTheExtraAssemblies() throws {
        guard appAssemblyRegistersEveryPiece() else {
            return XCTFail("AppAssembly misses a registration (see the check of every piece), so resolving MainCoordinator could crash at a `!`")
        }
        let navigator = StepRecordingNavigator()
        let logger = RecordingLogger()
        let coordinator = try XCTUnwrap(
            makeAppCoordinator(extra: [StandInAssembly(navigator: navigator, logger: logger)]),
            "makeAppCoordinator(extra:) returned nil"
        )
        coordinator.start()
        coordinator.visible?.tap("Detail")
        XCTAssertEqual(
            navigator.steps, ["push Home", "push Detail"],
            "The coordinator should move through the navigator of the extra assembly: build an Assembler from [AppAssembly()] + extra, in that order. A later registration replaces an earlier one, so the extras must come after the app's."
        )
        XCTAssertEqual(
            logger.messages(at: .info).first, "made MainCoordinator",
            "The coordinator's DIContainer should log to the Logger of the extra assembly"
        )
        XCTAssertEqual(
            coordinator.visible?.sheet.lines, ["Opened at 2016-06-18 00:00 UTC"],
            "The detail screen should read the extra assembly's clock, stopped at 2016-06-18"
        )
    }

    func testEachCallBuildsANewCoordinator() {
        guard appAssemblyRegistersEveryPiece() else {
            return XCTFail("AppAssembly misses a registration (see the check of every piece), so resolving MainCoordinator could crash at a `!`")
        }
        let first = makeAppCoordinator(extra: [StandInAssembly(navigator: StepRecordingNavigator(), logger: RecordingLogger())])
        let second = makeAppCoordinator(extra: [StandInAssembly(navigator: StepRecordingNavigator(), logger: RecordingLogger())])
        XCTAssertNotNil(first, "makeAppCoordinator() should return a coordinator")
        XCTAssertFalse(first === second, "Each makeAppCoordinator() call should build its own coordinator")
    }
}
