import DojoCore
import Foundation
import LineEditing
import TerminalMarkdown

/// Lines from a script or a pipe: no prompt, no history, no spinner, so that
/// `printf 'lessons\nquit\n' | didojo` prints only what the commands say.
@MainActor
package final class ScriptTerminal: Terminal {
    private let reader: any LineReading
    private let environment: [String: String]

    /// - Parameter reader: standard input's lines (a `PlainLineReader`).
    package init(environment: [String: String], reader: any LineReading) {
        self.environment = environment
        self.reader = reader
    }

    package var isInteractive: Bool { false }

    package var style: TextStyle {
        TextStyle.fromEnvironment(environment, isTerminal: TerminalInfo.isTerminal(fd: 1), columns: TerminalInfo.columns(fd: 1))
    }

    package func readLine(prompt: String) -> LineReadResult {
        reader.readLine(prompt: prompt)
    }

    package func write(_ text: String) {
        // Output that can no longer be written (a terminal that went away fails with EIO) has
        // nobody to show it to, and is no reason to crash (`write(_:)` traps on any error).
        StandardStreams.writeOutput(text)
    }

    package func close() {}
}
