import ContainerLesson
import Domain

/// The app's hand-written container: it holds the logger and the clock, and knows how every
/// screen is put together.
final class AppContainer {
    private let logger: any Logger
    private let clock: any Clock

    init(logger: any Logger, clock: any Clock) {
        self.logger = logger
        self.clock = clock
    }

    /// The app's coordinator; it asks this container for its screens.
    func makeMainCoordinator(navigator: any Navigator, screen: any Screen) -> MainCoordinator {
        let coordinator = MainCoordinator(navigator: navigator, screen: screen, dependencies: self)
        logger.info("made MainCoordinator")
        return coordinator
    }
}

extension AppContainer: MainCoordinatorDependencies {
    func makeHomeViewController(actions: HomeViewModelActions) -> any ScreenController {
        let viewModel = HomeViewModel(actions: actions)
        let controller = HomeViewController(viewModel: viewModel)
        logger.info("made HomeViewModel and HomeViewController")
        return controller
    }

    func makeDetailViewController() -> any ScreenController {
        let viewModel = DetailViewModel(clock: clock)
        let controller = DetailViewController(viewModel: viewModel)
        return controller
    }

    func makeSettingsViewController(actions: SettingsViewModelActions) -> any ScreenController {
        // The actions come from the coordinator (they decide where Close leads); the clock
        // comes from this container. The screen itself never learns where either came from.
        let viewModel = SettingsViewModel(actions: actions, clock: clock)
        let controller = SettingsViewController(viewModel: viewModel)
        logger.info("made SettingsViewModel and SettingsViewController")
        return controller
    }
}
