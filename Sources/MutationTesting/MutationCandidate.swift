import SwiftSyntax

/// A change one of the finders proposes, before it is made into a mutated file.
struct MutationCandidate {
    let `operator`: MutationOperator
    /// Where the change is (its line is the mutant's).
    let position: AbsolutePosition
    let edits: [SourceEdit]
    let description: String
    let change: String

    /// One node's text replaced.
    init(_ op: MutationOperator, replacing node: some SyntaxProtocol, with text: String, description: String, change: String? = nil) {
        self.init(op, at: node.positionAfterSkippingLeadingTrivia, edits: [SourceEdit.replacing(node, with: text)], description: description,
                  change: change ?? "\(Snippet.of(node)) → \(Snippet.of(text))")
    }

    init(_ op: MutationOperator, at position: AbsolutePosition, edits: [SourceEdit], description: String, change: String) {
        self.operator = op
        self.position = position
        self.edits = edits
        self.description = description
        self.change = change
    }
}

extension SourceEdit {
    /// `node`'s text, its surrounding trivia aside, replaced by `text`.
    static func replacing(_ node: some SyntaxProtocol, with text: String) -> SourceEdit {
        SourceEdit(start: node.positionAfterSkippingLeadingTrivia.utf8Offset, end: node.endPositionBeforeTrailingTrivia.utf8Offset, replacement: text)
    }

    /// `text` put in at `position`.
    static func inserting(_ text: String, at position: AbsolutePosition) -> SourceEdit {
        SourceEdit(start: position.utf8Offset, end: position.utf8Offset, replacement: text)
    }
}

/// Code quoted in a description: on one line, and short.
enum Snippet {
    static let limit = 60

    static func of(_ node: some SyntaxProtocol) -> String {
        of(node.trimmedDescription)
    }

    static func of(_ text: String) -> String {
        let oneLine = text.split(whereSeparator: \.isNewline).map { $0.trimmed(of: .whitespaces) }.joined(separator: " ")
        let short = oneLine.count > limit ? String(oneLine.prefix(limit - 1)) + "…" : oneLine
        return "`\(short)`"
    }
}

extension StringProtocol {
    func trimmed(of set: Set<Character>) -> String {
        var text = Substring(self)
        while let first = text.first, set.contains(first) { text = text.dropFirst() }
        while let last = text.last, set.contains(last) { text = text.dropLast() }
        return String(text)
    }
}

extension Set where Element == Character {
    static let whitespaces: Set<Character> = [" ", "\t"]
}
