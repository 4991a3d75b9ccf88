/// Splits lesson text (a page, a task, a hint) into the paragraphs that
/// `Lessons/glossary-pairings.yaml` is matched against.
///
/// A paragraph is the text between blank lines; fenced code blocks are left out; a heading, a
/// list item (with the indented lines that continue it) and a table row each count as a
/// paragraph of their own.
enum ProseParagraphs {
    static func split(_ markdown: String) -> [String] {
        var paragraphs: [String] = []
        var current: [Substring] = []
        func finish() {
            if !current.isEmpty { paragraphs.append(current.joined(separator: "\n")) }
            current = []
        }
        var fence: Substring?
        for line in markdown.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if let open = fence {
                if trimmed.hasPrefix(open) { fence = nil }
                continue
            }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                finish()
                fence = trimmed.prefix(3)
                continue
            }
            if trimmed.isEmpty {
                finish()
            } else if trimmed.hasPrefix("#") || trimmed.hasPrefix("|") {
                finish()
                current = [line]
                finish()
            } else if isListItem(trimmed) {
                finish()
                current = [line]
            } else {
                current.append(line)
            }
        }
        finish()
        return paragraphs
    }

    /// `- item`, `* item`, `+ item`, `1. item` or `1) item`.
    private static func isListItem(_ line: Substring) -> Bool {
        if line.hasPrefix("- ") || line.hasPrefix("* ") || line.hasPrefix("+ ") { return true }
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return false }
        let rest = line.dropFirst(digits.count)
        return rest.hasPrefix(". ") || rest.hasPrefix(") ")
    }
}
