/// What the presenter may ask of the interactor: the feature's one use case.
///
/// The presenter sees only this protocol, so a test can give it a stub with canned users
/// instead of a real interactor and its data source.
public protocol UserUseCase {
    /// The users to list, sorted by name.
    func fetchUsers() throws -> [User]
}
