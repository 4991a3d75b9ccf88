import Foundation
import LineEditing
import TerminalMarkdown

/// Standard output for the one-shot subcommands (`didojo check`): writes, never reads.
@MainActor
public final class OutputTerminal: Terminal {
    public let style: TextStyle

    public init(style: TextStyle) {
        self.style = style
    }

    public var isInteractive: Bool { false }

    /// There is nobody to answer; questions are answered "no".
    public func readLine(prompt: String) -> LineReadResult { .endOfInput }

    public func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    public func close() {}
}
