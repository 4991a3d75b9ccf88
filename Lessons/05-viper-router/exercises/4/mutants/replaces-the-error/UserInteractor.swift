import Domain
import ViperRouter

/// MUTANT (replaces-the-error): throws an error of its own instead of the data source's.
///
/// The Interactor: the feature's business rule, "list the users by name", and nothing about
/// screens.
///
/// Everything it needs from the outside world (where users come from, what time it is, where
/// to report) is handed in, so a test can run it with a stub, a fixed clock and a recording
/// logger.
public final class UserInteractor: UserUseCase {
    public let dataSource: any UserDataSource
    public let clock: any Clock
    public let logger: any Logger

    public init(dataSource: any UserDataSource, clock: any Clock, logger: any Logger) {
        self.dataSource = dataSource
        self.clock = clock
        self.logger = logger
    }

    /// The data source's users sorted by name; logs how many there were and when.
    ///
    /// - Throws: whatever the data source throws, after logging it.
    public func fetchUsers() throws -> [User] {
        do {
            let users = try dataSource.fetchUsers().sorted { $0.name < $1.name }
            logger.info("fetched \(users.count) users at \(clock.now().utcStamp)")
            return users
        } catch {
            logger.error("could not fetch users at \(clock.now().utcStamp): \(error)")
            throw CancellationError()
        }
    }
}
