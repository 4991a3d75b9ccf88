/// The home screen's logic: a greeting, and what its buttons mean.
public final class HomeViewModel {
    public let greeting = "Welcome to DIDojo"
    private let actions: HomeViewModelActions

    /// - Parameter actions: where the buttons lead; injected so the view model never has to
    ///   know the coordinator.
    public init(actions: HomeViewModelActions) {
        self.actions = actions
    }

    public func didTapDetail() {
        actions.showDetail()
    }

    public func didTapSettings() {
        actions.showSettings()
    }
}
