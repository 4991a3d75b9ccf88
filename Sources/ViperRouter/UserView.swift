/// What the presenter may tell the view: the View role, seen from the presenter.
///
/// Class-bound so that the presenter can hold its view weakly: the view owns the presenter,
/// and a strong link back would keep both alive forever.
public protocol UserView: AnyObject {
    /// Shows one line per user, in this order.
    func showUsers(_ rows: [String])
    /// Shows why there is nothing to list.
    func showError(_ message: String)
}
