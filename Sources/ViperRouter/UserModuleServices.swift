import Domain

/// What the app hands the user module from outside: the services it shares with other
/// modules.
///
/// The module's own parts (view, presenter, interactor, router) are created by
/// `UserRouter.assembleModule`; these few come from the app, because they are the app's:
/// one navigation stack, one screen, one clock, one log.
public struct UserModuleServices {
    public let dataSource: any UserDataSource
    public let navigator: any Navigator
    public let screen: any Screen
    public let clock: any Clock
    public let logger: any Logger

    public init(dataSource: any UserDataSource, navigator: any Navigator, screen: any Screen, clock: any Clock, logger: any Logger) {
        self.dataSource = dataSource
        self.navigator = navigator
        self.screen = screen
        self.clock = clock
        self.logger = logger
    }
}
