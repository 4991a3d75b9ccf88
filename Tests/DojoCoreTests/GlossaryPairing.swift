import Foundation

/// One rule of `Lessons/glossary-pairings.yaml`: wording that uses a glossary term against its
/// entry. Matched exactly as the file's header describes (see `breaks(_:)`).
struct GlossaryPairing: Decodable, Sendable {
    let term: String
    let forbiddenNear: [String]
    let unless: [String]
    let why: String

    enum CodingKeys: String, CodingKey {
        case term, unless, why
        case forbiddenNear = "forbidden-near"
    }

    /// Whether one paragraph breaks the rule: after `normalized(_:)`, it contains `term` where
    /// a word starts, one of `forbiddenNear` anywhere, and none of `unless`.
    func breaks(_ paragraph: String) -> Bool {
        let text = Self.normalized(paragraph)
        return Self.containsAtWordStart(Self.normalized(term), in: text)
            && forbiddenNear.contains { text.contains(Self.normalized($0)) }
            && !unless.contains { text.contains(Self.normalized($0)) }
    }

    /// Case folded, the emphasis markers `*` and `_` removed, `-` read as a space, and every
    /// run of spaces and line breaks one space (a term may be wrapped: "method\n  injection").
    static func normalized(_ text: String) -> String {
        let mapped = String(text.lowercased().compactMap { character -> Character? in
            switch character {
            case "*", "_": nil
            case "-": " "
            default: character
            }
        })
        return mapped.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
    }

    /// Whether `word` occurs in `text` with no letter or digit just before it ("mock" is found
    /// in "a mock", "`MockUserRouter`" and "mock-like", not in "Hammock").
    static func containsAtWordStart(_ word: String, in text: String) -> Bool {
        var searchStart = text.startIndex
        while let found = text.range(of: word, range: searchStart..<text.endIndex) {
            if found.lowerBound == text.startIndex {
                return true
            }
            let before = text[text.index(before: found.lowerBound)]
            if !before.isLetter && !before.isNumber { return true }
            searchStart = text.index(after: found.lowerBound)
        }
        return false
    }
}
