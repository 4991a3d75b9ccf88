import Domain

/// One screen of the app: the terminal's stand-in for a view controller.
///
/// A screen knows its title, the sheet it draws and the buttons it offers. A tap goes to the
/// screen's view model, which decides what it means; no screen ever navigates by itself, so
/// it can be built and tested without a coordinator.
public protocol ScreenController: AnyObject {
    /// The name the navigator shows in its path, e.g. `Home`.
    var title: String { get }
    /// What the screen draws, buttons included.
    var sheet: Sheet { get }
    /// The buttons a person can tap, e.g. `["Detail", "Settings"]`.
    var buttons: [String] { get }
    /// Handles a tap on `button`; a button the screen does not have is ignored.
    func tap(_ button: String)
}

extension ScreenController {
    /// The buttons as one line of the sheet: `[ Detail ]  [ Settings ]`.
    var buttonLine: String {
        buttons.map { "[ \($0) ]" }.joined(separator: "  ")
    }
}
