import SwiftParser
import SwiftSyntax

/// Colors Swift source for the terminal, using SwiftParser so that the colors follow the real grammar.
///
/// The output with escape sequences removed is always exactly the input, even
/// for code that does not parse: SwiftParser keeps every byte of its input
/// (unparsable text becomes "unexpected" nodes and trivia), and as a last line
/// of defense the input is returned uncolored if that ever fails to hold.
package struct SwiftHighlighter: Sendable {
    /// The kinds of text that get their own color.
    enum Kind {
        case keyword, string, number, comment, type, attribute, directive
    }

    package init() {}

    /// Returns `code` with ANSI colors added, or unchanged when `useColor` is false.
    ///
    /// `code` should not contain escape characters of its own (the renderer
    /// removes them first): they would be indistinguishable from the added ones.
    package func highlight(_ code: String, useColor: Bool) -> String {
        guard useColor, !code.isEmpty else { return code }
        let tree = Parser.parse(source: code)

        var output = Output()
        // Attribute and macro names are identifiers that follow an `@` or a `#`.
        var previousKind: Kind? = nil
        var previousWasMarker = false

        for token in tree.tokens(viewMode: .sourceAccurate) {
            for piece in token.leadingTrivia {
                output.add(text(of: piece), piece.isComment ? .comment : nil)
            }

            let kind: Kind?
            if previousWasMarker, case .identifier = token.tokenKind {
                kind = previousKind
            } else {
                kind = classify(token)
            }
            output.add(token.text, kind)
            previousWasMarker = token.tokenKind == .atSign || token.tokenKind == .pound
            previousKind = kind

            for piece in token.trailingTrivia {
                output.add(text(of: piece), piece.isComment ? .comment : nil)
            }
        }
        output.flush()

        // The parser promises a lossless tree; if that promise is ever broken, plain text beats wrong text.
        return output.plain == code ? output.colored : code
    }

    /// Decides the color of one token from its kind.
    private func classify(_ token: TokenSyntax) -> Kind? {
        switch token.tokenKind {
        case .keyword:
            return .keyword
        case .stringQuote, .multilineStringQuote, .singleQuote, .stringSegment,
             .rawStringPoundDelimiter, .regexSlash, .regexLiteralPattern, .regexPoundDelimiter:
            return .string
        case .integerLiteral, .floatLiteral:
            return .number
        case .identifier(let name):
            // Swift's naming convention: types and protocols are capitalized.
            return name.first?.isUppercase == true ? .type : nil
        case .atSign:
            return .attribute
        case .pound, .poundIf, .poundElse, .poundElseif, .poundEndif,
             .poundAvailable, .poundUnavailable, .poundSourceLocation:
            return .directive
        case .shebang:
            return .comment
        default:
            return nil
        }
    }

    /// The escape sequence for a kind of text.
    static func color(for kind: Kind) -> String {
        switch kind {
        case .keyword: return ANSI.magenta
        case .string: return ANSI.green
        case .number: return ANSI.yellow
        case .comment: return ANSI.gray
        case .type: return ANSI.cyan
        case .attribute: return ANSI.blue
        case .directive: return ANSI.red
        }
    }

    private func text(of piece: TriviaPiece) -> String {
        var result = ""
        piece.write(to: &result)
        return result
    }
}

/// Builds the colored and the plain output side by side, merging neighbors of one kind into one colored run.
private struct Output {
    var colored = ""
    var plain = ""
    private var runKind: SwiftHighlighter.Kind? = nil
    private var run = ""

    mutating func add(_ text: String, _ kind: SwiftHighlighter.Kind?) {
        plain += text
        if kind != runKind {
            flush()
            runKind = kind
        }
        run += text
    }

    /// Writes the pending run, colored if it has a kind.
    ///
    /// A colored run that spans lines (a block comment, a multi-line string) is
    /// closed before each newline and reopened after it, so each line stands on
    /// its own when the caller indents the lines of a code block.
    mutating func flush() {
        defer { run = "" }
        guard let runKind else {
            colored += run
            return
        }
        let code = SwiftHighlighter.color(for: runKind)
        let lines = run.split(separator: "\n", omittingEmptySubsequences: false)
        for (number, line) in lines.enumerated() {
            if number > 0 { colored += "\n" }
            if !line.isEmpty {
                colored += code + line + ANSI.reset
            }
        }
    }
}
