import Foundation
import LineEditing
import TerminalMarkdown

/// A person at a terminal: libedit line editing, history, Tab completion.
@MainActor
package final class EditLineTerminal: Terminal {
    private let editor: LineEditor
    private let environment: [String: String]

    package init(environment: [String: String], completion: CompletionProvider) {
        self.environment = environment
        let history = HistoryFile(url: HistoryFile.defaultURL(environment: environment))
        editor = LineEditor(programName: "didojo", history: history) { words, partial in
            // libedit calls back on this thread, from inside `readLine`, which runs on the
            // main actor.
            MainActor.assumeIsolated { completion.candidates(words, partial) }
        }
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
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    package func close() {
        do {
            try editor.saveHistory()
        } catch {
            write("Could not save the command history: \(error.localizedDescription)\n")
        }
    }
}
