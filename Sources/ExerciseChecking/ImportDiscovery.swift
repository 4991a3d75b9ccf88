import SwiftParser
import SwiftSyntax

/// Finds the modules a Swift file imports, by parsing it with SwiftParser.
///
/// The checker re-exports them from the `Exercise` module (see `CompileStep`): a learner who
/// writes their own `UserRouter` while the lesson's module has one too must see the checks use
/// theirs, as they would if both were compiled into one module.
enum ImportDiscovery {
    /// The module names of the files' plain top-level imports, in order, each once. Imports
    /// inside `#if` are left out: they may name a module that does not exist here.
    static func modules(in sources: [String]) -> [String] {
        var modules: [String] = []
        for source in sources {
            for statement in Parser.parse(source: source).statements {
                guard let declaration = statement.item.as(ImportDeclSyntax.self),
                      let module = declaration.path.first?.name.text,
                      !modules.contains(module) else { continue }
                modules.append(module)
            }
        }
        return modules
    }

    /// The lines of `source` on which its top-level imports depend: those that hold the word
    /// `import`, or could open or close a comment, a multi-line string or a condition (`/*`,
    /// `*/`, `"""`, `#`, which raw strings start with). A string on one line ends on that line,
    /// so the commonest compile error, a value of the wrong type (`let count: Int = "3"`),
    /// leaves the answer kept. Every other line is code or a line comment that changes no other line's meaning,
    /// so two files with the same import lines import the same modules, and the answer for
    /// one holds for the other. (Invalid code is the exception: an import after an unclosed
    /// brace would no longer be top-level; the compiler reports that file anyway.)
    ///
    /// Why: parsing takes a noticeable part of a quick check, and a learner's edits between
    /// checks are nearly always inside functions, where they leave these lines alone.
    static func importLines(of source: String) -> String {
        var lines: [Substring] = []
        for line in source.split(separator: "\n", omittingEmptySubsequences: false)
        where line.contains("import") || line.contains("#") || line.contains("\"\"\"") || line.contains("/*") || line.contains("*/") {
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// Every name that follows the word `import` in `source` (after an import kind such as
    /// `struct`, spaces, line breaks and comments), wherever it is: in code, comments or
    /// strings. More than the modules the file imports, never fewer, and read without a parse:
    /// for a choice that must never miss an import and need not be exact (which lesson library
    /// a check's program loads, see `BuildProducts.library(forImports:fileSystem:)`).
    static func mentionedModules(in source: String) -> Set<String> {
        let bytes = Array(source.utf8)
        let word = Array("import".utf8)
        var found: Set<String> = []
        var index = 0
        while let start = nextWord(word, in: bytes, from: index) {
            index = start + word.count
            var next = skippingSpaceAndComments(in: bytes, from: index)
            var name = identifier(in: bytes, at: next)
            if let kind = name, SwiftText.importKinds.contains(kind) {
                next = skippingSpaceAndComments(in: bytes, from: next + kind.utf8.count)
                name = identifier(in: bytes, at: next)
            }
            if let name { found.insert(name.trimmingCharacters(in: ["`"])) }
        }
        return found
    }

    /// Where `word` next stands on its own (not inside a longer name) from `index`.
    private static func nextWord(_ word: [UInt8], in bytes: [UInt8], from index: Int) -> Int? {
        var index = index
        while index + word.count <= bytes.count {
            if bytes[index] == word[0], bytes[index..<(index + word.count)].elementsEqual(word),
               index == 0 || !SwiftText.isNameByte(bytes[index - 1]),
               index + word.count == bytes.count || !SwiftText.isNameByte(bytes[index + word.count]) {
                return index
            }
            index += 1
        }
        return nil
    }

    private static func skippingSpaceAndComments(in bytes: [UInt8], from index: Int) -> Int {
        var index = index
        while index < bytes.count {
            let byte = bytes[index]
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                index += 1
            } else if byte == UInt8(ascii: "/"), next == UInt8(ascii: "/") {
                index = SwiftText.endOfLineComment(in: bytes, from: index)
            } else if byte == UInt8(ascii: "/"), next == UInt8(ascii: "*") {
                index = SwiftText.endOfBlockComment(in: bytes, from: index)
            } else {
                return index
            }
        }
        return index
    }

    /// The name at `index` (a backquoted one with its backquotes), or nil.
    private static func identifier(in bytes: [UInt8], at index: Int) -> String? {
        let end = SwiftText.endOfName(in: bytes, from: index)
        return end > index ? String(decoding: bytes[index..<end], as: UTF8.self) : nil
    }

    /// A Swift file that re-exports `modules`.
    static func reexportSource(for modules: [String]) -> String {
        "// Generated by DIDojo's checker: the code under test shadows what its imports declare.\n"
            + modules.map { "@_exported import \($0)\n" }.joined()
    }
}
