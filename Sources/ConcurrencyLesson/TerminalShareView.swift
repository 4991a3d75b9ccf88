import Domain
import Observation

/// The share screen, drawn in the terminal: a sheet with the text and the status, drawn again
/// each time the model changes, as SwiftUI would redraw a view.
///
/// It knows the model only by what it reads: `withObservationTracking` records the properties
/// `draw()` reads, and calls back once one of them is about to change. The screen is injected,
/// so a test reads the drawings from a string.
@MainActor
public final class TerminalShareView {
    private let model: ShareModel
    private let screen: TerminalScreen
    /// How many times the sheet was drawn.
    public private(set) var drawings = 0

    public init(model: ShareModel, screen: TerminalScreen) {
        self.model = model
        self.screen = screen
    }

    /// Draws the sheet now, and again after every change the drawing depends on.
    public func show() {
        withObservationTracking {
            draw()
        } onChange: { [self] in
            // Called before the change is made, on the thread that makes it: draw afterwards,
            // on the main actor, and track again (a tracking fires once).
            Task { @MainActor in show() }
        }
    }

    private func draw() {
        drawings += 1
        let lines = model.text.isEmpty ? ["(empty)"] : [model.text]
        screen.present(Sheet(title: "Share · \(model.status)", lines: lines))
    }
}
