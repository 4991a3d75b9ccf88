import LineEditing
import TerminalMarkdown

/// Keeps what is written, to be measured or shown elsewhere; reads nothing.
@MainActor
final class CollectingTerminal: Terminal {
    private(set) var text = ""
    let style: TextStyle
    let isInteractive: Bool

    init(style: TextStyle, isInteractive: Bool = false) {
        self.style = style
        self.isInteractive = isInteractive
    }

    func readLine(prompt: String) -> LineReadResult { .endOfInput }
    func write(_ text: String) { self.text += text }
    func close() {}
}
