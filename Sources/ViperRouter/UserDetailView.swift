import Domain

/// The detail screen: one user's name, handle and bio.
///
/// It has nothing to decide, so it needs no presenter of its own; the router builds it with the
/// user to show and draws it.
public struct UserDetailView {
    public let user: User
    private let screen: any Screen

    public init(user: User, screen: any Screen) {
        self.user = user
        self.screen = screen
    }

    /// The name of this screen on the navigation stack, e.g. `User: Grace Hopper`.
    public static func screenName(for user: User) -> String {
        "User: \(user.name)"
    }

    /// Draws the screen.
    public func show() {
        screen.present(Sheet(title: user.name, lines: [user.handle, user.bio]))
    }
}
