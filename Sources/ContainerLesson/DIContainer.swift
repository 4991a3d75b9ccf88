import Domain

/// The one place that knows how every screen of the app is put together: a hand-written
/// container of factory methods.
///
/// It holds the long-lived dependencies (a logger, a clock) and builds everything else on
/// demand. It also builds the coordinator and hands it *itself* as the coordinator's
/// `MainCoordinatorDependencies`, so the coordinator can ask for screens later, when the
/// person taps. Every creation is logged, so you can watch when things are made.
public final class DIContainer {
    private let logger: any Logger
    private let clock: any Clock

    public init(logger: any Logger, clock: any Clock) {
        self.logger = logger
        self.clock = clock
    }

    /// The app's coordinator, moving through `navigator` and drawing on `screen`.
    public func makeMainCoordinator(navigator: any Navigator, screen: any Screen) -> MainCoordinator {
        let coordinator = MainCoordinator(navigator: navigator, screen: screen, dependencies: self)
        logger.info("made MainCoordinator")
        return coordinator
    }
}

extension DIContainer: MainCoordinatorDependencies {
    public func makeHomeViewController(actions: HomeViewModelActions) -> any ScreenController {
        let viewModel = HomeViewModel(actions: actions)
        let controller = HomeViewController(viewModel: viewModel)
        logger.info("made HomeViewModel and HomeViewController")
        return controller
    }

    public func makeDetailViewController() -> any ScreenController {
        let viewModel = DetailViewModel(clock: clock)
        let controller = DetailViewController(viewModel: viewModel)
        logger.info("made DetailViewModel and DetailViewController")
        return controller
    }

    public func makeSettingsViewController(actions: SettingsViewModelActions) -> any ScreenController {
        let viewModel = SettingsViewModel(actions: actions, clock: clock)
        let controller = SettingsViewController(viewModel: viewModel)
        logger.info("made SettingsViewModel and SettingsViewController")
        return controller
    }
}
