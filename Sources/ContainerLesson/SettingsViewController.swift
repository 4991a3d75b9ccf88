import Domain

/// The settings screen: two lines and a Close button.
public final class SettingsViewController: ScreenController {
    public let viewModel: SettingsViewModel
    public let title = "Settings"
    public let buttons = ["Close"]

    public init(viewModel: SettingsViewModel) {
        self.viewModel = viewModel
    }

    public var sheet: Sheet {
        Sheet(title: title, lines: viewModel.lines + ["", buttonLine])
    }

    public func tap(_ button: String) {
        if button == "Close" {
            viewModel.didTapClose()
        }
    }
}
