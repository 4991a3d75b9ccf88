/// Moves between the screens of an app, named by strings: the terminal's stand-in for a
/// navigation controller.
///
/// Code that navigates through this protocol (a router, a coordinator) can be checked with a
/// recording navigator instead of a real one.
public protocol Navigator {
    /// Shows `screen` on top of the current one, with a way back.
    func push(_ screen: String)
    /// Goes back to the previous screen.
    func pop()
    /// Shows `screen` modally, over everything else.
    func present(_ screen: String)
    /// Closes the screen shown modally.
    func dismiss()
}
