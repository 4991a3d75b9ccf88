import DojoShell
import LineEditing
import TerminalMarkdown

/// A terminal that reads scripted lines and keeps everything written.
@MainActor
package final class FakeTerminal: Terminal {
    package var lines: [String]
    package var output = ""
    package var isInteractive: Bool
    // Wide enough that no message the tests look for is wrapped.
    package var style = TextStyle(useColor: false, width: 200)
    /// The screen's height, for a test of what is taller than the screen; none by default.
    package var screenRows: Int?
    package private(set) var closed = false

    package init(lines: [String] = [], isInteractive: Bool = false) {
        self.lines = lines
        self.isInteractive = isInteractive
    }

    package func readLine(prompt: String) -> LineReadResult {
        guard !lines.isEmpty else { return .endOfInput }
        let line = lines.removeFirst()
        return line == "^C" ? .interrupted : .line(line)
    }

    package func write(_ text: String) { output += text }
    package func close() { closed = true }
}
