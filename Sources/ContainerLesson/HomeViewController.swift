import Domain

/// The first screen: a greeting and two buttons, handed to its view model.
public final class HomeViewController: ScreenController {
    public let viewModel: HomeViewModel
    public let title = "Home"
    public let buttons = ["Detail", "Settings"]

    public init(viewModel: HomeViewModel) {
        self.viewModel = viewModel
    }

    public var sheet: Sheet {
        Sheet(title: title, lines: [viewModel.greeting, "", buttonLine])
    }

    public func tap(_ button: String) {
        switch button {
        case "Detail": viewModel.didTapDetail()
        case "Settings": viewModel.didTapSettings()
        default: break
        }
    }
}
