import DojoCore
import Foundation
import LineEditing
import TerminalMarkdown

/// A person at a terminal: libedit line editing, history, Tab completion (the `LineEditor` the
/// composition root makes, with the shell's completion and the history file).
@MainActor
package final class EditLineTerminal: Terminal {
    private let editor: LineEditor
    private let environment: [String: String]

    package init(environment: [String: String], editor: LineEditor) {
        self.environment = environment
        self.editor = editor
    }

    package var isInteractive: Bool { true }

    package var style: TextStyle {
        TextStyle.fromEnvironment(environment, isTerminal: true, columns: TerminalInfo.columns(fd: 1))
    }

    package var screenRows: Int? {
        environment["TERM"] == "dumb" ? nil : TerminalInfo.rows(fd: 1)
    }

    package func readLine(prompt: String) -> LineReadResult {
        editor.readLine(prompt: prompt)
    }

    package func write(_ text: String) {
        // A terminal that went away (closed, its SIGHUP being handled) fails the write with
        // EIO: nothing to show it to, and no reason to crash (`write(_:)` traps on any error).
        StandardStreams.writeOutput(text)
    }

    package func close() {
        do {
            try editor.saveHistory()
        } catch {
            write("Could not save the command history: \(error.localizedDescription)\n")
        }
    }
}
