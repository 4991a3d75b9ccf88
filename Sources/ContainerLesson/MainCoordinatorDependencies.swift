/// Everything the main coordinator needs built, as factory methods.
///
/// The coordinator decides *when* a screen appears and *where it leads*; whoever conforms to
/// this protocol decides *how* each screen is put together. The coordinator therefore names no
/// concrete view model, and a test can hand it a factory of its own.
public protocol MainCoordinatorDependencies {
    /// The home screen, whose buttons run `actions`.
    func makeHomeViewController(actions: HomeViewModelActions) -> any ScreenController
    /// The detail screen.
    func makeDetailViewController() -> any ScreenController
    /// The settings screen, whose Close button runs `actions.close`.
    func makeSettingsViewController(actions: SettingsViewModelActions) -> any ScreenController
}
