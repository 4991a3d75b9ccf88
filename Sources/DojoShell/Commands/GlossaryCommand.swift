import DojoCatalog
import Foundation
import TerminalMarkdown

/// `glossary [term]`: the course's vocabulary, one line per term, or one entry in full.
struct GlossaryCommand: ShellCommand {
    typealias Context = any CommandScreen & CourseReading

    let name = "glossary"
    let usage = "glossary [term]"
    let summary = "List the course's terms, or explain one (e.g. 'glossary spy')."
    let details = """
        Without a term: every term of the course's glossary, each with the first sentence of \
        its definition. With a term: its whole entry, with where the name comes from and the \
        lesson that teaches it. Type the term in any case, its words joined by spaces or by \
        '-' ('glossary composition root', 'glossary composition-root'); Tab completes terms.
        """

    /// After `glossary`, every term as one word (`composition-root`); after the first words
    /// of a term, the rest of it (`glossary dependency ` offers `injection`,
    /// `inversion-principle` and `value`).
    func completions(arguments: [String], session: Context) -> [String] {
        guard let glossary = try? session.catalog.glossary?.get(), !glossary.entries.isEmpty else { return [] }
        let typed = Glossary.key(arguments.joined(separator: " ")).split(separator: " ")
        return glossary.entries.compactMap { entry in
            let words = entry.completion.split(separator: "-")
            guard words.count > typed.count, words.starts(with: typed) else { return nil }
            return words.dropFirst(typed.count).joined(separator: "-")
        }
    }

    func run(_ arguments: [String], session: Context) async -> CommandOutcome {
        let printer = session.printer
        let glossary: Glossary
        switch session.catalog.glossary {
        case nil:
            printer.line("This course has no glossary: there is no \(Glossary.fileName) in its lessons folder.")
            return .keepGoing
        case .failure(let problem):
            printer.line("The glossary cannot be shown: \(problem.description)")
            return .keepGoing
        case .success(let loaded):
            glossary = loaded
        }
        session.paged { printer in
            if arguments.isEmpty {
                list(glossary, printer: printer)
            } else {
                show(arguments.joined(separator: " "), from: glossary, printer: printer)
            }
        }
        return .keepGoing
    }

    /// One line per term: the term, then as much of its first sentence as fits the width.
    private func list(_ glossary: Glossary, printer: Printer) {
        let ellipsis = printer.style.useColor ? "…" : "..."
        for entry in glossary.entries {
            let room = printer.style.width - entry.term.count - 2
            printer.line(printer.paint(entry.term, ANSI.bold) + "  " + Self.cut(entry.firstSentence, to: room, ellipsis: ellipsis))
        }
        printer.line()
        let example = glossary.entry(named: "spy") ?? glossary.entries.first
        printer.note("'glossary <term>' shows a term's whole entry, e.g. 'glossary \(example?.completion ?? "spy")'.")
    }

    private func show(_ name: String, from glossary: Glossary, printer: Printer) {
        guard let entry = glossary.entry(named: name) else {
            let names = glossary.entries.flatMap(\.names).map { $0.lowercased() }
            let suggestion = ClosestMatch.find(Glossary.key(name), among: names)
            printer.line("There is no term '\(name)' in the glossary." + (suggestion.map { " Did you mean '\($0)'?" } ?? "") + " Type 'glossary' to see all terms.")
            return
        }
        printer.markdown(entry.markdown)
    }

    /// `text` whole if it has `room` characters, else cut after a word with `ellipsis` added.
    static func cut(_ text: String, to room: Int, ellipsis: String) -> String {
        guard text.count > room else { return text }
        let limit = max(0, room - ellipsis.count)
        var kept = String(text.prefix(limit))
        // A word cut in the middle goes; one that ends where the cut falls stays.
        let next = text[text.index(text.startIndex, offsetBy: limit)]
        if let space = kept.lastIndex(of: " "), !next.isWhitespace, !next.isPunctuation {
            kept = String(kept[..<space])
        }
        return kept.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: ",;:"))) + ellipsis
    }
}
