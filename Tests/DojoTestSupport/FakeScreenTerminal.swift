import DojoShell
import LineEditing
import TerminalMarkdown

/// A person at a capable terminal (one whose screen may be cleared), reading scripted lines
/// and keeping everything written; `FakeTerminal` is a script's pipe.
@MainActor
package final class FakeScreenTerminal: Terminal {
    package var lines: [String]
    package var output = ""
    package var style = TextStyle(useColor: false, width: 80)
    package var screenRows: Int? = 24

    package init(lines: [String] = []) {
        self.lines = lines
    }

    package var isInteractive: Bool { true }

    package func readLine(prompt: String) -> LineReadResult {
        guard !lines.isEmpty else { return .endOfInput }
        write(prompt)
        return .line(lines.removeFirst())
    }

    package func write(_ text: String) { output += text }
    package func close() {}
}
