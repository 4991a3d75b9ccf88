import DojoShell
import LineEditing
import TerminalMarkdown

/// A person at a capable terminal (one whose screen may be cleared), reading scripted lines
/// and keeping everything written; `FakeTerminal` is a script's pipe.
@MainActor
public final class FakeScreenTerminal: Terminal {
    public var lines: [String]
    public var output = ""
    public var style = TextStyle(useColor: false, width: 80)
    public var screenRows: Int? = 24

    public init(lines: [String] = []) {
        self.lines = lines
    }

    public var isInteractive: Bool { true }

    public func readLine(prompt: String) -> LineReadResult {
        guard !lines.isEmpty else { return .endOfInput }
        write(prompt)
        return .line(lines.removeFirst())
    }

    public func write(_ text: String) { output += text }
    public func close() {}
}
