import Foundation
import Synchronization
import TerminalMarkdown

#if canImport(Glibc)
import Glibc
#endif

/// A demo's standard output, each line fitted to the terminal's width: a paragraph of prose is
/// wrapped between words, and a line of code or an indented one (a result) goes on under its
/// indent, behind "↪ " unless it is a list item. The demos write whole paragraphs and leave the
/// breaking to this, so that their text suits any terminal.
///
/// Written line by line, as soon as each line ends: the learner sees each line as the demo
/// writes it, in order with anything the shell printed before. `flush` writes an unfinished
/// last line.
final class WrappedOutput: Sendable {
    let width: Int
    private let unfinished = Mutex("")

    init(width: Int) {
        self.width = width
    }

    /// The terminal's width on standard output, else `COLUMNS`, else 80 (kept between 20
    /// and 100, as the shell keeps its own).
    static func standardOutputWidth(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int {
        var size = winsize()
        var columns = 80
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            columns = Int(size.ws_col)
        } else if let given = environment["COLUMNS"].flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }), given > 0 {
            columns = given
        }
        return min(max(columns, TextStyle.minimumWidth), TextStyle.maximumWidth)
    }

    func write(_ text: String) {
        let lines: [Substring] = unfinished.withLock { buffer in
            buffer += text
            guard let end = buffer.lastIndex(of: "\n") else { return [] }
            let finished = buffer[..<end].split(separator: "\n", omittingEmptySubsequences: false)
            buffer = String(buffer[buffer.index(after: end)...])
            return finished
        }
        guard !lines.isEmpty else { return }
        Self.emit(lines.flatMap { Self.fitted(String($0), width: width) }.joined(separator: "\n") + "\n")
    }

    func flush() {
        let rest = unfinished.withLock { buffer in
            defer { buffer = "" }
            return buffer
        }
        if !rest.isEmpty { Self.emit(Self.fitted(rest, width: width).joined(separator: "\n")) }
    }

    /// `line` as lines of at most `width` columns.
    static func fitted(_ line: String, width: Int) -> [String] {
        guard ANSI.visibleWidth(line) > width else { return [line] }
        let indent = min(line.prefix { $0 == " " }.count, width / 3)
        let trimmed = line.drop { $0 == " " }
        let isCode = ["let ", "var ", "try ", "with"].contains { trimmed.hasPrefix($0) } || trimmed.contains("   // ") || trimmed.hasSuffix("{")
        guard indent > 0 || isCode else { return TextWrapper(width: width).wrapLines(line) }
        let isListItem = ["- ", "• ", "✓", "✗", "→", "!"].contains { trimmed.hasPrefix($0) }
        let rest = String(repeating: " ", count: indent) + (isListItem && !isCode ? "  " : MarkdownRenderer.continuationMark)
        return TextWrapper(width: width, continuationIndent: rest).wrapLines(line)
    }

    private static func emit(_ text: String) {
        try? FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
    }
}
