/// What the home screen may ask for, as closures.
///
/// The view model only says *that* the person wants to go somewhere; whoever fills in these
/// closures (the coordinator) decides *how*. So the view model knows no other screen and no
/// navigator, and a test can pass closures that just count calls.
public struct HomeViewModelActions {
    /// Opens the detail screen.
    public let showDetail: () -> Void
    /// Opens the settings screen.
    public let showSettings: () -> Void

    public init(showDetail: @escaping () -> Void, showSettings: @escaping () -> Void) {
        self.showDetail = showDetail
        self.showSettings = showSettings
    }
}
