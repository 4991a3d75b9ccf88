/// The few ANSI escape sequences the tutor uses, and helpers to measure and strip them.
///
/// Only SGR ("Select Graphic Rendition") sequences are emitted, so every
/// sequence produced here has the shape `ESC [ <numbers> m`. The scanner used by
/// `visibleWidth` and `strip` is more general (any CSI sequence, OSC sequences
/// and two-character escapes) so that text coming from elsewhere is measured
/// correctly too.
package enum ANSI {
    /// The escape character that opens every sequence.
    package static let escape: Character = "\u{1B}"

    /// Turns every attribute and color off.
    package static let reset = "\u{1B}[0m"
    package static let bold = "\u{1B}[1m"
    package static let dim = "\u{1B}[2m"
    package static let italic = "\u{1B}[3m"
    package static let underline = "\u{1B}[4m"
    package static let strikethrough = "\u{1B}[9m"

    package static let red = "\u{1B}[31m"
    package static let green = "\u{1B}[32m"
    package static let yellow = "\u{1B}[33m"
    package static let blue = "\u{1B}[34m"
    package static let magenta = "\u{1B}[35m"
    package static let cyan = "\u{1B}[36m"
    /// "Bright black": readable on dark and light backgrounds, used for comments and rules.
    package static let gray = "\u{1B}[90m"

    /// Wraps `text` in the given sequences followed by a reset, or returns it unchanged when `enabled` is false.
    ///
    /// Callers pass `enabled: style.useColor` so that uncolored output never
    /// contains a single escape byte.
    package static func styled(_ text: String, _ codes: [String], enabled: Bool) -> String {
        guard enabled, !codes.isEmpty, !text.isEmpty else { return text }
        return codes.joined() + text + reset
    }

    /// The number of terminal columns `s` occupies.
    ///
    /// Escape sequences take no room, East-Asian wide and full-width characters
    /// (and emoji shown as pictures) take two columns, control characters none.
    package static func visibleWidth(_ s: String) -> Int {
        var width = 0
        for segment in segments(of: s) {
            if case .text(let character) = segment {
                width += columnWidth(of: character)
            }
        }
        return width
    }

    /// Returns `s` with every escape sequence removed.
    package static func strip(_ s: String) -> String {
        var result = ""
        for segment in segments(of: s) {
            if case .text(let character) = segment {
                result.append(character)
            }
        }
        return result
    }

    /// The number of columns one character (grapheme cluster) occupies.
    package static func columnWidth(of character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        let value = first.value
        // Control characters move the cursor rather than draw anything.
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        // Zero-width spaces, joiners and the byte-order mark draw nothing.
        if (0x200B...0x200F).contains(value) || value == 0x2060 || value == 0xFEFF { return 0 }
        if isWide(value) { return 2 }
        // Emoji drawn as pictures are two columns wide in current terminals.
        if first.properties.isEmojiPresentation { return 2 }
        if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }),
           first.properties.isEmoji {
            return 2
        }
        return 1
    }

    /// One piece of a string as the terminal sees it: a visible character or an escape sequence.
    enum Segment: Equatable {
        case text(Character)
        case escape(String)
    }

    /// Splits `s` into visible characters and whole escape sequences.
    ///
    /// Working on characters is safe here because ESC is a control character,
    /// which Unicode never joins to its neighbors, and the bytes of a sequence
    /// are all ASCII.
    static func segments(of s: String) -> [Segment] {
        var result: [Segment] = []
        var index = s.startIndex
        while index < s.endIndex {
            let character = s[index]
            if character == escape {
                let end = endOfEscape(in: s, from: index)
                result.append(.escape(String(s[index..<end])))
                index = end
            } else {
                result.append(.text(character))
                index = s.index(after: index)
            }
        }
        return result
    }

    /// Finds where the escape sequence starting at `start` (an ESC) ends.
    private static func endOfEscape(in s: String, from start: String.Index) -> String.Index {
        var index = s.index(after: start)
        guard index < s.endIndex else { return index }
        let introducer = s[index]
        index = s.index(after: index)
        switch introducer {
        case "[":
            // CSI: parameter and intermediate bytes, then one final byte in 0x40...0x7E.
            while index < s.endIndex {
                let character = s[index]
                index = s.index(after: index)
                if let ascii = character.asciiValue, (0x40...0x7E).contains(ascii) {
                    break
                }
            }
            return index
        case "]":
            // OSC (used for hyperlinks): ends with BEL or with ESC \.
            while index < s.endIndex {
                let character = s[index]
                if character == "\u{07}" {
                    return s.index(after: index)
                }
                if character == escape {
                    let next = s.index(after: index)
                    if next < s.endIndex, s[next] == "\\" {
                        return s.index(after: next)
                    }
                }
                index = s.index(after: index)
            }
            return index
        default:
            // A two-character escape such as ESC 7.
            return index
        }
    }

    /// Whether a code point is East-Asian wide or full-width.
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F,  // Hangul Jamo initials
             0x231A...0x231B, 0x2329...0x232A,
             0x2E80...0x303E,  // CJK radicals, punctuation
             0x3041...0x33FF,  // Hiragana, Katakana, CJK compatibility
             0x3400...0x4DBF,  // CJK extension A
             0x4E00...0x9FFF,  // CJK unified ideographs
             0xA000...0xA4CF,  // Yi
             0xA960...0xA97F,
             0xAC00...0xD7A3,  // Hangul syllables
             0xF900...0xFAFF,  // CJK compatibility ideographs
             0xFE10...0xFE19, 0xFE30...0xFE6F,
             0xFF00...0xFF60,  // full-width forms
             0xFFE0...0xFFE6,
             0x1F300...0x1F64F, 0x1F900...0x1F9FF,
             0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
