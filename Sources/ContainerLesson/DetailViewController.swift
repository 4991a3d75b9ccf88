import Domain

/// The second screen: it shows what its view model says and offers no buttons.
public final class DetailViewController: ScreenController {
    public let viewModel: DetailViewModel
    public let title = "Detail"
    public let buttons: [String] = []

    public init(viewModel: DetailViewModel) {
        self.viewModel = viewModel
    }

    public var sheet: Sheet {
        Sheet(title: title, lines: [viewModel.openedAt])
    }

    public func tap(_ button: String) {}
}
