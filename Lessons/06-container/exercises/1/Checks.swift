import XCTest
import ContainerLesson
import Domain

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

final class SettingsFactoryChecks: XCTestCase {
    private let logger = RecordingLogger()
    private let navigator = StepRecordingNavigator()

    private func startedCoordinator() throws -> MainCoordinator {
        let container = AppContainer(logger: logger, clock: try FixedClock(day: "2016-06-18"))
        let coordinator = container.makeMainCoordinator(navigator: navigator, screen: QuietScreen())
        coordinator.start()
        return coordinator
    }

    func testTappingSettingsOnHomeShowsTheSettingsScreen() throws {
        let coordinator = try startedCoordinator()
        coordinator.visible?.tap("Settings")
        XCTAssertEqual(
            coordinator.visible?.title, "Settings",
            "After tapping Settings on the home screen, the coordinator should show the screen your makeSettingsViewController(actions:) returns, titled \"Settings\""
        )
        XCTAssertEqual(navigator.steps, ["push Home", "push Settings"], "The coordinator should push Home, then Settings")
    }

    func testTheSettingsScreenReadsTheContainersClock() throws {
        let coordinator = try startedCoordinator()
        coordinator.visible?.tap("Settings")
        let lines = coordinator.visible?.sheet.lines ?? []
        XCTAssertTrue(
            lines.contains("Now: 2016-06-18 00:00 UTC"),
            "The container was made with a clock stopped at 2016-06-18, so Settings should show \"Now: 2016-06-18 00:00 UTC\"; it showed \(lines). Pass the container's own `clock`, the one its init received, to SettingsViewModel: a SystemClock() made in the factory method, or a clock resolved from a container it reaches for (a service locator), is not the clock the app chose."
        )
    }

    func testCloseGoesBackThroughTheActionsTheCoordinatorPassed() throws {
        let coordinator = try startedCoordinator()
        coordinator.visible?.tap("Settings")
        coordinator.visible?.tap("Close")
        XCTAssertEqual(
            coordinator.visible?.title, "Home",
            "Tapping Close on Settings should lead back to Home: build the SettingsViewModel with the `actions` your method receives"
        )
        XCTAssertEqual(navigator.steps.last, "pop", "Close should make the coordinator pop the Settings screen")
    }

    func testTheSettingsScreenIsBuiltOnlyWhenItIsNeededAndLogged() throws {
        let coordinator = try startedCoordinator()
        let message = "made SettingsViewModel and SettingsViewController"
        XCTAssertFalse(
            logger.messages(at: .info).contains(message),
            "Settings should not be built before anybody taps the button"
        )
        coordinator.visible?.tap("Settings")
        XCTAssertEqual(
            logger.messages(at: .info).filter { $0 == message }.count, 1,
            "Opening Settings should log \"\(message)\" exactly once, like the other factory methods do; the log was \(logger.messages(at: .info))"
        )
    }

    func testEveryScreenMadeIsLoggedThroughTheContainersLogger() throws {
        let coordinator = try startedCoordinator()
        coordinator.visible?.tap("Settings")
        coordinator.visible?.tap("Close")
        coordinator.visible?.tap("Settings")
        XCTAssertEqual(
            logger.messages(at: .info),
            ["made MainCoordinator", "made HomeViewModel and HomeViewController", "made SettingsViewModel and SettingsViewController", "made SettingsViewModel and SettingsViewController"],
            "Every factory method should log what it made, once, through the logger the container was given (not a PrintLogger() of its own)"
        )
    }

    func testOpeningDetailIsLoggedThroughTheContainersLogger() throws {
        let coordinator = try startedCoordinator()
        coordinator.visible?.tap("Detail")
        XCTAssertEqual(coordinator.visible?.title, "Detail", "Tapping Detail on the home screen should show the detail screen")
        let message = "made DetailViewModel and DetailViewController"
        XCTAssertEqual(
            logger.messages(at: .info).filter { $0 == message }.count, 1,
            "Opening Detail should log \"\(message)\" once through the container's logger, as every factory method logs what it made; makeDetailViewController() logged nothing of it. The log was \(logger.messages(at: .info))"
        )
    }

    func testEveryOpeningGetsAFreshScreen() throws {
        let coordinator = try startedCoordinator()
        coordinator.visible?.tap("Settings")
        // Held here, so the second screen cannot reuse the first one's memory.
        let first = coordinator.visible
        coordinator.visible?.tap("Close")
        coordinator.visible?.tap("Settings")
        let second = coordinator.visible
        XCTAssertNotNil(first, "Settings should be visible after tapping it")
        XCTAssertFalse(
            first === second,
            "Each time Settings opens, makeSettingsViewController(actions:) should build a new screen: do not keep one in a stored property"
        )
    }
}
