/// Braces that do not pair up: the compiler then reports errors far from the brace, and the
/// errors after it often only follow from it.
extension ExplanationRule {
    static let syntax: [ExplanationRule] = [unclosedBrace, extraBrace]

    /// "expected '}' in class", with the note "to match this opening '{'".
    static let unclosedBrace = ExplanationRule("unclosed-brace", message: "expected '\\}' in (\\w+)", isRootCause: true) { match in
        let kind = match.captures[0]
        guard let opening = match.note("to match this opening '\\{'")?.note, opening.file == match.diagnostic.file else { return nil }
        return "A closing `}` is missing: the `{` of the \(kind) on line \(opening.line) is never closed. The `}` left out is often an earlier one, at the end of a function; errors reported before this one may come from the same missing brace."
    }

    /// "extraneous '}' at top level".
    static let extraBrace = ExplanationRule("extra-brace", message: "extraneous '\\}' at top level", isRootCause: true) { _ in
        "This `}` closes nothing: the braces above it already pair up, so one of them is extra. Where the extra one ends a type early, the functions after it are outside the type, which is why the type's properties are not found there."
    }
}
