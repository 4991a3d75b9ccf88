/// Finds the friends a mention can name (`@ann…`): in the app a search on the server, in a
/// test a stand-in that answers at once.
public protocol FriendDirectory: Sendable {
    /// The names that start with `prefix`, in the directory's order.
    func friends(matching prefix: String) async throws -> [String]
}
