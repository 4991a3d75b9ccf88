import TerminalMarkdown

/// How many rows text takes on a terminal: what decides whether it goes through the pager, or
/// whether a check's report still shows its verdict when the prompt comes back.
enum ScreenRows {
    /// The rows `text` takes on a terminal `width` columns wide, long lines wrapping (display
    /// columns: escape sequences count none, emoji two).
    static func count(of text: String, width: Int) -> Int {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines.reduce(0) { total, line in
            total + max(1, (ANSI.visibleWidth(String(line)) + width - 1) / max(width, 1))
        }
    }
}
