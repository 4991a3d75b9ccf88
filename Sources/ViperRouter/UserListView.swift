import Domain

/// The View: the list screen, drawn as a sheet on a terminal `Screen`.
///
/// Passive on purpose: it passes what the person does to its presenter and draws what the
/// presenter tells it. It owns the presenter (strongly), as a view controller would.
public final class UserListView: UserView {
    /// The title of the list sheet, and the name the list screen has on the navigation stack.
    public static let screenName = "Users"

    public let presenter: any UserPresentation
    private let screen: any Screen
    /// The rows shown last, so a tap can be matched to a name.
    public private(set) var rows: [String] = []

    public init(presenter: any UserPresentation, screen: any Screen) {
        self.presenter = presenter
        self.screen = screen
    }

    /// The screen appeared; in UIKit this would be `viewDidLoad`.
    public func load() {
        presenter.viewDidLoad()
    }

    /// The person tapped the row at `index`.
    public func tapRow(at index: Int) {
        presenter.didSelectUser(at: index)
    }

    public func showUsers(_ rows: [String]) {
        self.rows = rows
        let numbered = rows.enumerated().map { "\($0.offset + 1). \($0.element)" }
        screen.present(Sheet(title: Self.screenName, lines: numbered.isEmpty ? ["(nobody yet)"] : numbered))
    }

    public func showError(_ message: String) {
        rows = []
        screen.present(Sheet(title: Self.screenName, lines: [message]))
    }
}
