import DojoShell
import LineEditing
import TerminalMarkdown

/// A terminal that reads scripted lines and keeps everything written.
@MainActor
public final class FakeTerminal: Terminal {
    public var lines: [String]
    public var output = ""
    public var isInteractive: Bool
    // Wide enough that no message the tests look for is wrapped.
    public var style = TextStyle(useColor: false, width: 200)
    /// The screen's height, for a test of what is taller than the screen; none by default.
    public var screenRows: Int?
    public private(set) var closed = false

    public init(lines: [String] = [], isInteractive: Bool = false) {
        self.lines = lines
        self.isInteractive = isInteractive
    }

    public func readLine(prompt: String) -> LineReadResult {
        guard !lines.isEmpty else { return .endOfInput }
        let line = lines.removeFirst()
        return line == "^C" ? .interrupted : .line(line)
    }

    public func write(_ text: String) { output += text }
    public func close() { closed = true }
}
