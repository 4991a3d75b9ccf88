/// What the presenter may ask of the router: navigation, named by what it means.
///
/// Only navigation is listed here, not `assembleModule`: the presenter moves between screens
/// but never builds one, and a double written for a test has only this one method to write.
public protocol UserWireframe: AnyObject {
    /// Shows the detail screen of `user`.
    func showDetail(for user: User)
}
