import Foundation

/// One term of the course's glossary (`Lessons/glossary.md`): a `## term` heading, the
/// definition below it, and its `Source:` paragraph.
package struct GlossaryEntry: Sendable, Equatable {
    /// The heading as written, e.g. `composition root` or `dependency injection (DI)`.
    package let term: String
    /// The paragraphs before the source, as Markdown.
    package let definition: String
    /// The `Source: … See lesson N (…).` paragraph, as Markdown; nil when the entry has none.
    package let source: String?

    package init(term: String, definition: String, source: String?) {
        self.term = term
        self.definition = definition
        self.source = source
    }

    /// What a learner may type for this entry: the term itself and, for a term with a
    /// parenthesised short form such as `dependency injection (DI)`, the long and the short
    /// form on their own. Written as in the heading; `Glossary.key(_:)` compares them.
    package var names: [String] {
        guard term.hasSuffix(")"), let open = term.lastIndex(of: "(") else { return [term] }
        let long = term[..<open].trimmingCharacters(in: .whitespaces)
        let short = term[term.index(after: open)..<term.index(before: term.endIndex)].trimmingCharacters(in: .whitespaces)
        return [term, long, short].filter { !$0.isEmpty }
    }

    /// The term as one word for Tab completion: its long form with `-` between the words
    /// (`composition-root`, `constructor-over-injection`), which `Glossary.entry(named:)`
    /// reads back as the words.
    package var completion: String {
        let long = names.count > 1 ? names[1] : term
        return Glossary.key(long).split(separator: " ").joined(separator: "-")
    }

    /// The first sentence of the definition, on one line and without Markdown's marks, for
    /// the list of terms.
    package var firstSentence: String {
        let paragraph = definition.components(separatedBy: "\n\n").first ?? definition
        let words = paragraph.split(whereSeparator: \.isWhitespace).map(String.init)
        var sentence: [String] = []
        for word in words {
            sentence.append(word)
            if Self.endsSentence(word) { break }
        }
        return sentence.joined(separator: " ").filter { $0 != "`" && $0 != "*" }
    }

    /// The whole entry as Markdown: the term as a heading, the definition, the source.
    package var markdown: String {
        var text = "## \(term)\n\n\(definition)\n"
        if let source { text += "\n\(source)\n" }
        return text
    }

    /// Whether a word ends a sentence: a full stop, question or exclamation mark at its end
    /// (a closing quote or bracket may follow), but not an abbreviation like `e.g.`.
    private static func endsSentence(_ word: String) -> Bool {
        let trimmed = word.trimmingCharacters(in: CharacterSet(charactersIn: "\"')”’"))
        guard let last = trimmed.last, ".?!".contains(last) else { return false }
        let abbreviations: Set<String> = ["e.g.", "i.e.", "ch.", "cf.", "vs.", "etc.", "p.", "pp."]
        return !abbreviations.contains(trimmed.lowercased())
    }
}
