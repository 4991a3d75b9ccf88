/// What the shell makes of a raw typed (or piped) line before reading commands from it.
///
/// Learners paste things by accident: a megabyte of log, a screenful of escape sequences, bytes
/// that are not text. None of it may hang the shell, and none of it may be echoed back raw (an
/// escape sequence in "Unknown command '…'" would clear or recolor the learner's terminal).
enum TypedLine {
    /// No command takes anything near this long; a longer line is answered without parsing.
    static let maximumLength = 4096

    /// Control characters (other than tab) in caret notation, `ESC` as `^[`, `DEL` as `^?`;
    /// the C1 controls as `<U+0085>`. Everything else is kept as typed.
    static func withVisibleControlCharacters(_ line: String) -> String {
        var shown = ""
        for scalar in line.unicodeScalars {
            switch scalar.value {
            case 0x09:
                shown.unicodeScalars.append(scalar)
            case 0x00..<0x20, 0x7F:
                shown += "^" + String(UnicodeScalar(UInt8(scalar.value ^ 0x40)))
            case 0x80..<0xA0:
                shown += "<U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4) + ">"
            default:
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
