/// What the view may tell the presenter: the events of the list screen.
///
/// The view forwards what the person does and decides nothing itself.
public protocol UserPresentation: AnyObject {
    /// The screen appeared: time to load the users.
    func viewDidLoad()
    /// The person picked the row at `index` (0 is the first row).
    func didSelectUser(at index: Int)
}
