/// Wraps text that may contain ANSI escape sequences to a number of columns.
///
/// Words are kept whole where possible; a word wider than the room on a line is
/// broken between characters, never inside an escape sequence. Newlines already
/// in the text are kept. The first line starts with `firstIndent`, every other
/// line (including those after an existing newline) with `continuationIndent`,
/// which is how list items get their hanging indent.
///
/// When a style (such as bold) is still open at the end of a line, the line is
/// closed with a reset and the style is opened again after the next indent, so
/// that indents and bars drawn in front of lines are never underlined or colored
/// by accident, and every line stands on its own.
package struct TextWrapper: Sendable {
    /// The maximum number of columns of a line, indent included.
    package var width: Int
    /// Written before the first line.
    package var firstIndent: String
    /// Written before every line after the first.
    package var continuationIndent: String

    package init(width: Int, firstIndent: String = "", continuationIndent: String = "") {
        self.width = width
        self.firstIndent = firstIndent
        self.continuationIndent = continuationIndent
    }

    /// Returns `text` wrapped to `width` columns, lines joined with `\n`, without a trailing newline.
    package func wrap(_ text: String) -> String {
        wrapLines(text).joined(separator: "\n")
    }

    /// Returns `text` wrapped to `width` columns as separate lines.
    package func wrapLines(_ text: String) -> [String] {
        var builder = LineBuilder(
            width: width, firstIndent: firstIndent, continuationIndent: continuationIndent)
        let sourceLines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (number, sourceLine) in sourceLines.enumerated() {
            if number > 0 {
                builder.breakLine()
            }
            for token in tokens(of: String(sourceLine)) {
                switch token {
                case .space(let spaces):
                    builder.addSpace(spaces)
                case .word(let segments):
                    builder.addWord(segments)
                }
            }
        }
        return builder.finish()
    }

    /// A run of spaces or a word (the characters and escape sequences between spaces).
    private enum Token {
        case space(String)
        case word([ANSI.Segment])
    }

    /// Splits one line into alternating space runs and words.
    private func tokens(of line: String) -> [Token] {
        var tokens: [Token] = []
        var spaces = ""
        var word: [ANSI.Segment] = []
        for segment in ANSI.segments(of: line) {
            if case .text(let character) = segment, character == " " || character == "\t" {
                if !word.isEmpty {
                    tokens.append(.word(word))
                    word = []
                }
                spaces.append(" ")
            } else {
                if !spaces.isEmpty {
                    tokens.append(.space(spaces))
                    spaces = ""
                }
                word.append(segment)
            }
        }
        if !word.isEmpty { tokens.append(.word(word)) }
        if !spaces.isEmpty { tokens.append(.space(spaces)) }
        return tokens
    }
}

/// Collects wrapped lines while keeping track of the open styles and the current column.
private struct LineBuilder {
    let width: Int
    let firstIndent: String
    let continuationIndent: String

    private var lines: [String] = []
    private var current: String
    private var column: Int
    /// Whether the current line holds anything besides its indent.
    private var hasContent = false
    /// Spaces seen since the last word; written only if another word follows on the same line.
    private var pendingSpaces = ""
    /// SGR sequences opened since the last reset, to reopen them on the next line.
    private var openStyles: [String] = []

    init(width: Int, firstIndent: String, continuationIndent: String) {
        self.width = width
        self.firstIndent = firstIndent
        self.continuationIndent = continuationIndent
        current = firstIndent
        column = ANSI.visibleWidth(firstIndent)
    }

    mutating func addSpace(_ spaces: String) {
        pendingSpaces += spaces
    }

    mutating func addWord(_ segments: [ANSI.Segment]) {
        let wordWidth = segments.reduce(0) { total, segment in
            if case .text(let character) = segment {
                return total + ANSI.columnWidth(of: character)
            }
            return total
        }
        let spaceWidth = pendingSpaces.count
        if column + spaceWidth + wordWidth <= width {
            // Fits on this line, with the spaces before it (kept at the start of a line too, as indentation).
            append(pendingSpaces)
            column += spaceWidth
            appendSegments(segments)
            column += wordWidth
            pendingSpaces = ""
            hasContent = true
            return
        }
        pendingSpaces = ""
        if hasContent {
            breakLine()
        }
        if column + wordWidth <= width {
            appendSegments(segments)
            column += wordWidth
            hasContent = true
        } else {
            addLongWord(segments)
        }
    }

    /// Breaks a word that does not fit on a line of its own between characters.
    private mutating func addLongWord(_ segments: [ANSI.Segment]) {
        for segment in segments {
            switch segment {
            case .escape(let sequence):
                appendSegments([.escape(sequence)])
            case .text(let character):
                let characterWidth = ANSI.columnWidth(of: character)
                // A character too wide for any line still goes on a line of its own.
                if hasContent && column + characterWidth > width {
                    breakLine()
                }
                current.append(character)
                column += characterWidth
                hasContent = true
            }
        }
    }

    private mutating func append(_ text: String) {
        current += text
    }

    private mutating func appendSegments(_ segments: [ANSI.Segment]) {
        for segment in segments {
            switch segment {
            case .text(let character):
                current.append(character)
            case .escape(let sequence):
                current += sequence
                track(sequence)
            }
        }
    }

    /// Remembers which SGR sequences are in effect so they can be reopened after a line break.
    private mutating func track(_ sequence: String) {
        guard sequence.hasPrefix("\u{1B}["), sequence.hasSuffix("m") else { return }
        if sequence == ANSI.reset || sequence == "\u{1B}[m" {
            openStyles = []
        } else {
            openStyles.append(sequence)
        }
    }

    /// Ends the current line and starts the next one with the continuation indent.
    mutating func breakLine() {
        if !hasContent {
            // A line with only an indent should not end in spaces.
            current = trimTrailingSpaces(current)
        }
        if !openStyles.isEmpty {
            current += ANSI.reset
        }
        lines.append(current)
        current = continuationIndent + openStyles.joined()
        column = ANSI.visibleWidth(continuationIndent)
        hasContent = false
        pendingSpaces = ""
    }

    mutating func finish() -> [String] {
        if !hasContent {
            current = trimTrailingSpaces(current)
        } else if !openStyles.isEmpty {
            // Whoever opened the style forgot to close it; do not let it leak into the next output.
            current += ANSI.reset
        }
        lines.append(current)
        return lines
    }

    private func trimTrailingSpaces(_ line: String) -> String {
        var line = line
        while line.last == " " {
            line.removeLast()
        }
        return line
    }
}
