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

final class AssemblyChecks: XCTestCase {
    func testTheAssemblyAloneCanBuildTheCoordinator() {
        let resolver = Assembler([AppAssembly()]).resolver
        XCTAssertNotNil(
            resolver.resolve(MainCoordinator.self),
            "Assembler([AppAssembly()]).resolver.resolve(MainCoordinator.self) returned nil: AppAssembly.assemble(container:) should register MainCoordinator and everything it needs"
        )
    }

    func testTheAssemblyRegistersEveryPiece() {
        let resolver = Assembler([AppAssembly()]).resolver
        XCTAssertNotNil(resolver.resolve((any Logger).self), "AppAssembly should register a Logger")
        XCTAssertNotNil(resolver.resolve((any Clock).self), "AppAssembly should register a Clock")
        XCTAssertNotNil(resolver.resolve((any Navigator).self), "AppAssembly should register a Navigator")
        XCTAssertNotNil(resolver.resolve((any Screen).self), "AppAssembly should register a Screen")
        XCTAssertNotNil(resolver.resolve(DIContainer.self), "AppAssembly should register the DIContainer")
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

    func testMakeAppCoordinatorUsesTheExtraAssemblies() throws {
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
            "The coordinator should move through the navigator of the extra assembly: build an Assembler from [AppAssembly()] + extra"
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
        let first = makeAppCoordinator(extra: [StandInAssembly(navigator: StepRecordingNavigator(), logger: RecordingLogger())])
        let second = makeAppCoordinator(extra: [StandInAssembly(navigator: StepRecordingNavigator(), logger: RecordingLogger())])
        XCTAssertNotNil(first, "makeAppCoordinator() should return a coordinator")
        XCTAssertFalse(first === second, "Each makeAppCoordinator() call should build its own coordinator")
    }
}
