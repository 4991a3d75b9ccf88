/// Decides what Tab should do, given the text before the cursor.
///
/// This is pure logic with no terminal access, so it can be tested directly.
/// Words are separated by spaces and tabs; quoting is not interpreted.
package struct CompletionEngine {
    /// What to do at the cursor after Tab.
    package enum Completion: Equatable, Sendable {
        /// Nothing matches: the editor beeps.
        case none
        /// Text to insert at the cursor.
        case insert(String)
        /// Several candidates match: show them, and insert their common extension (may be empty).
        case choices([String], insert: String)
    }

    /// Returns candidate words for the word being completed.
    ///
    /// It receives the complete words before the cursor and the partial word
    /// under the cursor. It may return words that do not start with the
    /// partial word; the engine filters them out.
    package typealias Candidates = (_ wordsBeforeCursor: [String], _ partialWord: String) -> [String]

    private let candidates: Candidates

    /// Creates an engine that asks `candidates` for the possible words.
    package init(candidates: @escaping Candidates) {
        self.candidates = candidates
    }

    /// Works out the completion for a line whose text up to the cursor is `lineBeforeCursor`.
    package func complete(lineBeforeCursor: String) -> Completion {
        let (words, partial) = Self.split(lineBeforeCursor)
        let matches = Set(candidates(words, partial).filter { !$0.isEmpty && $0.hasPrefix(partial) }).sorted()

        guard let first = matches.first else {
            return .none
        }
        if matches.count == 1 {
            let rest = String(first.dropFirst(partial.count))
            // A word that ends in "=" or "/" expects more text right after it.
            let separator = (first.hasSuffix("=") || first.hasSuffix("/")) ? "" : " "
            return .insert(rest + separator)
        }
        let common = Self.longestCommonPrefix(matches)
        return .choices(matches, insert: String(common.dropFirst(partial.count)))
    }

    /// Splits the text before the cursor into complete words and the partial word.
    ///
    /// A trailing space means the partial word is empty; an empty line has no words.
    static func split(_ lineBeforeCursor: String) -> (words: [String], partial: String) {
        let isSeparator: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        var words = lineBeforeCursor.split(whereSeparator: isSeparator).map(String.init)
        if let last = lineBeforeCursor.last, !isSeparator(last), !words.isEmpty {
            let partial = words.removeLast()
            return (words, partial)
        }
        return (words, "")
    }

    /// The longest prefix shared by every string, compared character by character.
    static func longestCommonPrefix(_ strings: [String]) -> String {
        guard var prefix = strings.first else {
            return ""
        }
        for string in strings.dropFirst() {
            prefix = String(zip(prefix, string).prefix { $0 == $1 }.map(\.0))
        }
        return prefix
    }

    /// Lays out `choices` in columns, column by column like `ls`, fitting in `width` columns.
    ///
    /// Returns one string per screen row, without newlines.
    package static func columns(_ choices: [String], width: Int) -> [String] {
        guard !choices.isEmpty else {
            return []
        }
        let gap = 2
        let cellWidth = (choices.map(\.count).max() ?? 0) + gap
        let columnCount = max(1, (max(width, 1) + gap) / cellWidth)
        let rowCount = (choices.count + columnCount - 1) / columnCount
        var rows: [String] = []
        for row in 0..<rowCount {
            var text = ""
            for column in 0..<columnCount {
                let index = column * rowCount + row
                guard index < choices.count else { break }
                let choice = choices[index]
                let isLast = (column + 1) * rowCount + row >= choices.count
                text += isLast ? choice : choice.padding(toLength: cellWidth)
            }
            rows.append(text)
        }
        return rows
    }
}

extension String {
    /// Pads with spaces on the right up to `length` characters.
    fileprivate func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}
