import Foundation

/// The course's vocabulary, read from `Lessons/glossary.md`: one entry per `## term` heading.
///
/// The file is Markdown a lesson author edits like a page. Text before the first `##` heading
/// is its introduction; each entry runs to the next `##` heading, and its paragraph that starts
/// with `Source:` is kept apart from the definition.
package struct Glossary: Sendable, Equatable {
    /// The glossary's file name in the lessons folder.
    package static let fileName = "glossary.md"

    /// In the file's order.
    package let entries: [GlossaryEntry]

    package init(entries: [GlossaryEntry]) {
        self.entries = entries
    }

    /// Reads the entries of a glossary file's text.
    package init(markdown: String) {
        var entries: [GlossaryEntry] = []
        var term: String?
        var body: [Substring] = []
        func finish() {
            guard let term else { return }
            entries.append(Self.entry(term: term, body: body))
        }
        var inCode = false
        let markdown = markdown.replacingOccurrences(of: "\r\n", with: "\n")
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inCode.toggle() }
            if !inCode, line.hasPrefix("## ") {
                finish()
                term = line.dropFirst(3).trimmingCharacters(in: .whitespaces)
                body = []
            } else {
                body.append(line)
            }
        }
        finish()
        self.entries = entries
    }

    /// The entry a learner asked for: by its term or one of its forms, whatever the case,
    /// with `-` or spaces between the words (`composition-root`, `Composition Root`), and
    /// in the plural (`spies`, `stubs`).
    package func entry(named name: String) -> GlossaryEntry? {
        let wanted = Self.key(name)
        guard !wanted.isEmpty else { return nil }
        for candidate in [wanted] + Self.singulars(of: wanted) {
            if let entry = entries.first(where: { $0.names.contains { Self.key($0) == candidate } }) {
                return entry
            }
        }
        return nil
    }

    /// The form in which two spellings of a term compare equal: lower case, `-` and `_` read
    /// as spaces, runs of spaces as one.
    package static func key(_ text: String) -> String {
        String(text.lowercased().map { $0 == "-" || $0 == "_" ? " " : $0 })
            .split(whereSeparator: \.isWhitespace)
            .joined(separator: " ")
    }

    /// The singulars a plural key may stand for: `spies` → `spy`, `stubs` → `stub`.
    private static func singulars(of key: String) -> [String] {
        var forms: [String] = []
        if key.hasSuffix("ies") { forms.append(String(key.dropLast(3)) + "y") }
        if key.hasSuffix("s") { forms.append(String(key.dropLast())) }
        return forms
    }

    private static func entry(term: String, body: [Substring]) -> GlossaryEntry {
        let paragraphs = body.split(whereSeparator: { $0.trimmingCharacters(in: .whitespaces).isEmpty })
            .map { $0.joined(separator: "\n") }
        let sourceIndex = paragraphs.firstIndex { $0.hasPrefix("Source:") }
        let definition = paragraphs[..<(sourceIndex ?? paragraphs.endIndex)]
        let source = sourceIndex.map { paragraphs[$0...].joined(separator: "\n\n") }
        return GlossaryEntry(term: term, definition: definition.joined(separator: "\n\n"), source: source)
    }
}
