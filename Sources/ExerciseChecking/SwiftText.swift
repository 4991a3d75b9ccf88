/// The few rules of Swift's lexical structure that the readings made without a parse need
/// (`QuickTestsScan`, `ImportDiscovery.mentionedModules(in:)`): what a name is made of, and
/// where a comment ends. On UTF-8 bytes.
enum SwiftText {
    /// Letters, digits, `_`, `$` and anything beyond ASCII (Swift allows it in names).
    static func isNameByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
    }

    /// Where the name that starts at `index` ends: a run of name bytes, or a backquoted name
    /// with its backquotes (up to the line's end when unclosed); `index` itself when none starts there.
    static func endOfName(in bytes: [UInt8], from index: Int) -> Int {
        var end = index
        if end < bytes.count, bytes[end] == UInt8(ascii: "`") {
            end += 1
            while end < bytes.count, bytes[end] != UInt8(ascii: "`"), bytes[end] != UInt8(ascii: "\n") { end += 1 }
            return min(end + 1, bytes.count)
        }
        while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
        return end
    }

    /// The words that may stand between `import` and the module's name (`import struct Domain.Post`).
    static let importKinds: Set<String> = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"]

    /// Where the comment that opens at `index` with `/*` ends, just after its `*/` (comments
    /// nest in Swift), or at the end of the text.
    static func endOfBlockComment(in bytes: [UInt8], from index: Int) -> Int {
        var index = index + 2
        var depth = 1
        while index < bytes.count, depth > 0 {
            if bytes[index] == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                depth -= 1
                index += 2
            } else {
                index += 1
            }
        }
        return index
    }

    /// Where the line comment that opens at `index` ends: at its line break.
    static func endOfLineComment(in bytes: [UInt8], from index: Int) -> Int {
        var index = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
        return index
    }
}
