/// Where the interactor gets its users from: a web API in a real app, a stub in a test.
///
/// The interactor receives one of these instead of building it, so a test can decide exactly
/// which users (or which failure) the interactor sees.
public protocol UserDataSource {
    /// Every user there is, in no particular order.
    func fetchUsers() throws -> [User]
}
