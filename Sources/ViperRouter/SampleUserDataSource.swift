/// The users the demo shows: a fixed list standing in for a server's answer.
///
/// The list is deliberately not in alphabetical order, so that the interactor's sorting is
/// visible in `run`.
public struct SampleUserDataSource: UserDataSource, Sendable {
    /// The users this source returns, in the order it returns them.
    public static let users: [User] = [
        User(id: 3, name: "Margaret Hamilton", handle: "@margaret", bio: "Led the team that wrote Apollo's flight software."),
        User(id: 1, name: "Ada Lovelace", handle: "@ada", bio: "Wrote the first published program, for a machine not yet built."),
        User(id: 2, name: "Grace Hopper", handle: "@grace", bio: "Built the first compiler and popularised the word \"bug\"."),
    ]

    public init() {}

    public func fetchUsers() -> [User] {
        Self.users
    }
}
