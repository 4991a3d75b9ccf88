/// The Entity of the user feature: one person who can be listed and looked at.
///
/// A plain value with no behaviour, so any layer may hold it without depending on another.
public struct User: Equatable, Hashable, Sendable {
    public let id: Int
    public let name: String
    public let handle: String
    public let bio: String

    public init(id: Int, name: String, handle: String, bio: String) {
        self.id = id
        self.name = name
        self.handle = handle
        self.bio = bio
    }
}
