import DojoGrading

/// One kind of compiler error the checker can explain in plain words, recognised by its whole
/// shape: the full message, and where needed its notes, whose file it points at, and the source
/// line there. A rule that is not sure gives no explanation: a wrong one is worse than none.
///
/// The rules and their texts are in the `ExplanationRule+….swift` files; every one is proven
/// on real compiler output by the explanation corpus (`ExplanationCorpusTests`).
struct ExplanationRule: Sendable {
    /// A short name, for tests and for the corpus.
    let id: String
    /// A regular expression the whole message must match (without its `[#Group]` tag); its
    /// capture groups are handed to `explain`.
    let message: String
    /// Errors that often cause others (a missing import, a missing brace, a type that does not
    /// conform): when one of them is in a compile, the other errors are not explained, since
    /// they may only follow from it.
    let isRootCause: Bool
    /// The explanation, or nil when the diagnostic is not the case this rule was written for.
    let explain: @Sendable (Match) -> String?

    init(_ id: String, message: String, isRootCause: Bool = false, explain: @escaping @Sendable (Match) -> String?) {
        self.id = id
        self.message = message
        self.isRootCause = isRootCause
        self.explain = explain
    }

    /// A diagnostic whose message has the rule's shape.
    struct Match {
        let diagnostic: CompilerDiagnostic
        /// The message's capture groups, in order.
        let captures: [String]
        let context: ExplanationContext

        var place: ExplanationContext.Place { context.place(of: diagnostic) }

        /// The first note whose whole message matches `pattern`, with its captures.
        func note(_ pattern: String) -> (note: CompilerDiagnostic, captures: [String])? {
            notes(pattern).first
        }

        /// Every note whose whole message matches `pattern`, with its captures.
        func notes(_ pattern: String) -> [(note: CompilerDiagnostic, captures: [String])] {
            diagnostic.notes.compactMap { note in
                ExplanationRule.captures(of: pattern, in: note.message).map { (note: note, captures: $0) }
            }
        }

        /// The source line the diagnostic points at.
        var sourceLine: String? { context.sourceLine(of: diagnostic) }
    }

    /// The explanation for `diagnostic`, or nil when this rule does not apply to it.
    func explanation(for diagnostic: CompilerDiagnostic, in context: ExplanationContext) -> String? {
        guard diagnostic.severity == .error,
              let captures = Self.captures(of: message, in: Self.withoutGroupTag(diagnostic.message)) else { return nil }
        return explain(Match(diagnostic: diagnostic, captures: captures, context: context))
    }

    /// The capture groups of `pattern` when it matches the whole of `text`, else nil.
    ///
    /// A text that does not start with the pattern's literal beginning cannot match, and is
    /// told so without compiling the pattern: every rule is tried on every error, and making a
    /// `Regex` from a string is most of the cost (about 7 ms of a check that stops at an error,
    /// the time the learner waits for the compiler's words, for some fifty rules).
    static func captures(of pattern: String, in text: String) -> [String]? {
        guard text.hasPrefix(literalBeginning(of: pattern)),
              let regex = try? Regex(pattern), let match = try? regex.wholeMatch(in: text) else { return nil }
        return (1..<match.output.count).map { match.output[$0].substring.map(String.init) ?? "" }
    }

    /// The characters every whole match of `pattern` starts with: those before its first one
    /// with a meaning in a regular expression, less the last when a quantifier follows it
    /// (`labels?`); nothing when the whole pattern has alternatives (`a|b`). Alternatives in a
    /// group (`due to '(private|fileprivate)'`) leave what comes before the group as it is:
    /// counting them too compiled four rules' patterns for every error besides the rule's own
    /// (explaining a type mismatch took 2.2–3.3 ms in a debug build, now 1.0–1.7 ms).
    static func literalBeginning(of pattern: String) -> Substring {
        guard !hasTopLevelAlternatives(pattern) else { return "" }
        let special: Set<Character> = ["\\", "^", "$", ".", "?", "*", "+", "(", ")", "[", "]", "{", "}"]
        var literal = pattern.prefix { !special.contains($0) }
        if let next = pattern.dropFirst(literal.count).first, "?*{".contains(next) {
            literal = literal.dropLast()
        }
        return literal
    }

    /// Whether `pattern` has a `|` outside every group: an escaped character (`\(`) and a
    /// character class (`[(|]`) open no group, and a `|` in them separates nothing.
    static func hasTopLevelAlternatives(_ pattern: String) -> Bool {
        var depth = 0
        var inClass = false
        var escaped = false
        for character in pattern {
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if inClass {
                if character == "]" { inClass = false }
            } else {
                switch character {
                case "[": inClass = true
                case "(": depth += 1
                case ")": depth -= 1
                case "|" where depth == 0: return true
                default: break
                }
            }
        }
        return false
    }

    /// The message without the diagnostic group swiftc appends, e.g. ` [#ActorIsolatedCall]`.
    static func withoutGroupTag(_ message: String) -> String {
        guard message.hasSuffix("]"), let start = message.range(of: " [#", options: .backwards) else { return message }
        return String(message[..<start.lowerBound])
    }

    /// Every rule, in the order they are tried. A diagnostic of the corpus matches at most one.
    static let all: [ExplanationRule] = names + calls + properties + protocols + concurrency + syntax
}
