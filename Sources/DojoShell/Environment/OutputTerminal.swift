import Foundation
import LineEditing
import TerminalMarkdown

/// Standard output for the one-shot subcommands (`didojo check`): writes, never reads.
@MainActor
public final class OutputTerminal: Terminal {
    public let style: TextStyle
    /// The screen's height when standard output is a capable terminal (see `Terminal`), so
    /// that a report can keep its verdict on it; nil for a pipe or a file, which get it all.
    public let screenRows: Int?

    public init(style: TextStyle, screenRows: Int? = nil) {
        self.style = style
        self.screenRows = screenRows
    }

    public var isInteractive: Bool { false }

    /// There is nobody to answer; questions are answered "no".
    public func readLine(prompt: String) -> LineReadResult { .endOfInput }

    public func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    public func close() {}
}
