/// A `FriendDirectory` that searches a fixed list of names: a value type, so it is
/// `Sendable` for free, the cheapest honest way to share a dependency between tasks.
public struct FriendList: FriendDirectory {
    public let names: [String]

    public init(_ names: [String]) {
        self.names = names
    }

    public func friends(matching prefix: String) async throws -> [String] {
        names.filter { $0.lowercased().hasPrefix(prefix.lowercased()) }
    }
}
