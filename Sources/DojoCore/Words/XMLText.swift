/// Text made safe for an XML document, whatever the learner's code printed.
///
/// XML 1.0 cannot hold most control characters even as character references, so those
/// (ANSI color codes, NUL, form feeds…) are dropped rather than escaped; everything else that
/// is markup (`& < > " '`) is escaped. In attributes, line breaks and tabs become character
/// references too, because a parser would otherwise turn them into plain spaces.
package enum XMLText {
    package static func content(_ text: String) -> String {
        escape(text, inAttribute: false)
    }

    package static func attribute(_ text: String) -> String {
        escape(text, inAttribute: true)
    }

    private static func escape(_ text: String, inAttribute: Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars where isAllowed(scalar) {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n" where inAttribute: result += "&#10;"
            case "\r": result += "&#13;"
            case "\t" where inAttribute: result += "&#9;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// XML 1.0's `Char` production: tab, line feed, carriage return, and everything from
    /// U+0020 up except U+FFFE and U+FFFF (Swift strings never hold surrogates).
    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD: return true
        case 0x20...0xFFFD: return true
        case 0x10000...0x10FFFF: return true
        default: return false
        }
    }
}
