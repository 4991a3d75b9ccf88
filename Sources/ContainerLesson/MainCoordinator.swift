import Domain

/// Moves the person through the app: home first, then wherever its buttons lead.
///
/// The coordinator asks its `dependencies` for every screen and hands each view model its
/// navigation as closures, so neither side knows the other's concrete types.
public final class MainCoordinator {
    private let navigator: any Navigator
    private let screen: any Screen
    private let dependencies: any MainCoordinatorDependencies
    /// The screens on the stack, the first one shown first. Kept here because the navigator
    /// only knows their names, and someone must keep them (and their view models) alive.
    public private(set) var shown: [any ScreenController] = []

    public init(navigator: any Navigator, screen: any Screen, dependencies: any MainCoordinatorDependencies) {
        self.navigator = navigator
        self.screen = screen
        self.dependencies = dependencies
    }

    /// The screen on top, the one a tap goes to.
    public var visible: (any ScreenController)? {
        shown.last
    }

    /// Shows the home screen.
    public func start() {
        // `weak self`: the coordinator keeps the screens, the screens keep their view models
        // and the view models keep these closures. A strong `self` would close that circle
        // and nothing in it would ever be freed.
        let actions = HomeViewModelActions(
            showDetail: { [weak self] in self?.showDetail() },
            showSettings: { [weak self] in self?.showSettings() }
        )
        show(dependencies.makeHomeViewController(actions: actions))
    }

    private func showDetail() {
        show(dependencies.makeDetailViewController())
    }

    private func showSettings() {
        let actions = SettingsViewModelActions(close: { [weak self] in self?.goBack() })
        show(dependencies.makeSettingsViewController(actions: actions))
    }

    private func show(_ controller: any ScreenController) {
        shown.append(controller)
        navigator.push(controller.title)
        screen.present(controller.sheet)
    }

    private func goBack() {
        guard shown.count > 1 else { return }
        shown.removeLast()
        navigator.pop()
    }
}
