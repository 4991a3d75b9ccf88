import DojoCore
import Foundation
import LineEditing
import TerminalMarkdown

/// Standard output for the one-shot subcommands (`didojo check`): writes, never reads.
@MainActor
package final class OutputTerminal: Terminal {
    package let style: TextStyle
    /// The screen's height when standard output is a capable terminal (see `Terminal`), so
    /// that a report can keep its verdict on it; nil for a pipe or a file, which get it all.
    package let screenRows: Int?

    package init(style: TextStyle, screenRows: Int? = nil) {
        self.style = style
        self.screenRows = screenRows
    }

    package var isInteractive: Bool { false }

    /// There is nobody to answer; questions are answered "no".
    package func readLine(prompt: String) -> LineReadResult { .endOfInput }

    package func write(_ text: String) {
        // A terminal that went away (closed, its SIGHUP being handled) fails the write with
        // EIO: nothing to show it to, and no reason to crash (`write(_:)` traps on any error).
        StandardStreams.writeOutput(text)
    }

    package func close() {}
}
