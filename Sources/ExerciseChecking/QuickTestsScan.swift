/// Reads a learner's tests file from its text alone, without a syntax tree: its `XCTestCase`
/// classes with their test methods and its top-level imports, as `LearnerTestsReading(_:)`
/// finds them in the parsed file, for the shapes a tests file has.
///
/// Why by hand: in a debug build (what `./start.sh` builds) swift-syntax parses a learner's
/// tests file in 15–25 ms, and a test-writing check cannot start its compiler before it knows
/// the tests. This scan takes a fraction of a millisecond. It is only a guess: the check
/// compares it with the parse, which runs beside the compiler, and starts again from the
/// parse when they differ. Anything unusual (a test inside `#if`, an attribute on an import)
/// may be guessed wrong; that costs time, never a wrong result.
enum QuickTestsScan {
    static func reading(of text: String) -> LearnerTestsReading {
        var scan = TokenWalk(tokens: Lexer.tokens(of: Array(text.utf8)))
        scan.walk()
        return LearnerTestsReading(
            text: text, testCases: scan.classes.filter { !$0.methods.isEmpty }, imports: scan.imports)
    }

    /// A word or a mark of the file, with where it starts (in UTF-8 bytes) and whether it is
    /// the first on its line. String literals are one token, `"…"`; comments are left out.
    struct Token {
        let text: String
        let offset: Int
        let startsLine: Bool

        /// A name (numbers are tokens of name bytes too, but start with a digit).
        var isIdentifier: Bool {
            guard let first = text.utf8.first else { return false }
            return first == UInt8(ascii: "`")
                || (SwiftText.isNameByte(first) && !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first))
        }
    }

    /// Splits a file into `Token`s, skipping comments (nested `/* */` too) and strings (with
    /// escapes, interpolations, multi-line and raw strings).
    enum Lexer {
        static func tokens(of bytes: [UInt8]) -> [Token] {
            var tokens: [Token] = []
            var index = 0
            var startsLine = true
            while index < bytes.count {
                let byte = bytes[index]
                let next = index + 1 < bytes.count ? bytes[index + 1] : 0
                switch byte {
                case UInt8(ascii: "\n"):
                    startsLine = true
                    index += 1
                    continue
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                    index += 1
                    continue
                case UInt8(ascii: "/") where next == UInt8(ascii: "/"):
                    index = SwiftText.endOfLineComment(in: bytes, from: index)
                    continue
                case UInt8(ascii: "/") where next == UInt8(ascii: "*"):
                    let end = SwiftText.endOfBlockComment(in: bytes, from: index)
                    if bytes[index..<end].contains(UInt8(ascii: "\n")) { startsLine = true }
                    index = end
                    continue
                default:
                    break
                }
                let start = index
                if byte == UInt8(ascii: "\"") || (byte == UInt8(ascii: "#") && isRawStringStart(bytes, at: index)) {
                    index = endOfString(in: bytes, from: index)
                    tokens.append(Token(text: "\"…\"", offset: start, startsLine: startsLine))
                } else if SwiftText.isNameByte(byte) || byte == UInt8(ascii: "`") {
                    index = SwiftText.endOfName(in: bytes, from: index)
                    tokens.append(Token(text: String(decoding: bytes[start..<index], as: UTF8.self), offset: start, startsLine: startsLine))
                } else if byte == UInt8(ascii: "-"), next == UInt8(ascii: ">") {
                    index += 2
                    tokens.append(Token(text: "->", offset: start, startsLine: startsLine))
                } else {
                    index += 1
                    tokens.append(Token(text: String(UnicodeScalar(byte)), offset: start, startsLine: startsLine))
                }
                startsLine = false
            }
            return tokens
        }

        private static func isRawStringStart(_ bytes: [UInt8], at index: Int) -> Bool {
            var index = index
            while index < bytes.count, bytes[index] == UInt8(ascii: "#") { index += 1 }
            return index < bytes.count && bytes[index] == UInt8(ascii: "\"")
        }

        /// Where the string literal that opens at `index` (`"`, `"""`, `#"`, `##"""`…) ends.
        static func endOfString(in bytes: [UInt8], from index: Int) -> Int {
            var index = index
            var hashes = 0
            while index < bytes.count, bytes[index] == UInt8(ascii: "#") {
                hashes += 1
                index += 1
            }
            let quote = UInt8(ascii: "\"")
            let multiline = index + 2 < bytes.count && bytes[index + 1] == quote && bytes[index + 2] == quote
            let quotes = multiline ? 3 : 1
            index += quotes
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\\"), hasHashes(hashes, in: bytes, at: index + 1) {
                    index += 1 + hashes
                    if index < bytes.count, bytes[index] == UInt8(ascii: "(") {
                        index = endOfInterpolation(in: bytes, from: index)
                    } else {
                        index += 1
                    }
                } else if byte == quote, (0..<quotes).allSatisfy({ index + $0 < bytes.count && bytes[index + $0] == quote }),
                          hasHashes(hashes, in: bytes, at: index + quotes) {
                    return index + quotes + hashes
                } else if byte == UInt8(ascii: "\n"), !multiline {
                    return index
                } else {
                    index += 1
                }
            }
            return index
        }

        private static func hasHashes(_ count: Int, in bytes: [UInt8], at index: Int) -> Bool {
            (0..<count).allSatisfy { index + $0 < bytes.count && bytes[index + $0] == UInt8(ascii: "#") }
        }

        /// Where `\(…)` ends, its `(` at `index`; strings inside it are skipped whole.
        private static func endOfInterpolation(in bytes: [UInt8], from index: Int) -> Int {
            var index = index
            var depth = 0
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "("):
                    depth += 1
                    index += 1
                case UInt8(ascii: ")"):
                    depth -= 1
                    index += 1
                    if depth == 0 { return index }
                case UInt8(ascii: "\""), UInt8(ascii: "#") where isRawStringStart(bytes, at: index):
                    index = endOfString(in: bytes, from: index)
                default:
                    index += 1
                }
            }
            return index
        }
    }

    /// Walks the tokens as `TestCaseDiscovery` walks the tree: a class is read only outside
    /// every class, its test methods only among its own members (not inside `#if`), and
    /// imports only at the top level.
    struct TokenWalk {
        let tokens: [Token]
        var classes: [DiscoveredTestCase] = []
        var imports: [LearnerTestsReading.Import] = []

        private enum Scope {
            case testClass(index: Int, conditions: Int)
            case otherClass
            case other
        }
        private var scopes: [Scope] = []
        /// `#if` blocks open at the top level.
        private var topLevelConditions = 0
        /// The scope of the class whose body the next `{` opens.
        private var classOpening: Scope?
        private var methodsFound: [Int: [DiscoveredTestCase.Method]] = [:]

        init(tokens: [Token]) {
            self.tokens = tokens
        }

        /// Words that make `class` a modifier (`class func`) rather than a declaration.
        private static let notClassNames: Set<String> = [
            "func", "var", "let", "subscript", "init", "deinit", "typealias", "override", "final", "public", "private",
            "fileprivate", "internal", "open", "package", "static", "nonisolated", "required", "convenience",
        ]
        private static let importModifiers: Set<String> = ["public", "internal", "private", "fileprivate", "package", "open"]

        mutating func walk() {
            var index = 0
            while index < tokens.count {
                index = step(at: index)
            }
            classes = classes.enumerated().map { DiscoveredTestCase(className: $1.className, methods: methodsFound[$0] ?? []) }
        }

        private var insideAnyClass: Bool {
            scopes.contains { if case .other = $0 { false } else { true } }
        }

        /// Reads what starts at `index`; returns where the next reading starts.
        private mutating func step(at index: Int) -> Int {
            let token = tokens[index]
            switch token.text {
            case "{":
                if let opening = classOpening {
                    scopes.append(opening)
                    classOpening = nil
                } else {
                    scopes.append(.other)
                }
            case "}":
                _ = scopes.popLast()
            case "#":
                conditional(at: index)
            case "import" where scopes.isEmpty && topLevelConditions == 0:
                return readImport(at: index)
            case "class" where classOpening == nil:
                return readClass(at: index)
            case "func":
                if case .testClass(let owner, 0) = scopes.last { return readMethod(at: index, of: owner) }
            default:
                break
            }
            return index + 1
        }

        /// `#if` and `#endif`, counted where they hide what they hold from the tree's reading.
        private mutating func conditional(at index: Int) {
            guard index + 1 < tokens.count else { return }
            let word = tokens[index + 1].text
            let change = word == "if" ? 1 : word == "endif" ? -1 : 0
            guard change != 0 else { return }
            if case .testClass(let owner, let conditions) = scopes.last {
                scopes[scopes.count - 1] = .testClass(index: owner, conditions: max(0, conditions + change))
            } else if scopes.isEmpty {
                topLevelConditions = max(0, topLevelConditions + change)
            }
        }

        private mutating func readImport(at index: Int) -> Int {
            // Modifiers before it on its line belong to it; an attribute takes it out of the
            // reading, as in the tree's.
            var start = index
            while start > 0, !tokens[start].startsLine, Self.importModifiers.contains(tokens[start - 1].text) { start -= 1 }
            if start > 0, !tokens[start].startsLine, tokens[start - 1].text != ";" { return index + 1 }
            var next = index + 1
            if next < tokens.count, SwiftText.importKinds.contains(tokens[next].text) { next += 1 }
            guard next < tokens.count, tokens[next].isIdentifier else { return next }
            let module = tokens[next].text
            var last = next
            while last + 2 < tokens.count, tokens[last + 1].text == ".", tokens[last + 2].isIdentifier { last += 2 }
            let end = tokens[last].offset + tokens[last].text.utf8.count
            imports.append(.init(module: module, utf8Range: tokens[start].offset..<end))
            return last + 1
        }

        private mutating func readClass(at index: Int) -> Int {
            let nameIndex = index + 1
            guard nameIndex < tokens.count, tokens[nameIndex].isIdentifier,
                  !Self.notClassNames.contains(tokens[nameIndex].text) else { return index + 1 }
            // A class inside a class is not read (the tree's reading skips a class's members),
            // but its body must still be told from the outer one's.
            let counted = !insideAnyClass
            var next = nameIndex + 1
            var inheritsTestCase = false
            // Generic parameters, then the inherited types up to the body or a `where`.
            var angles = 0
            var current = ""
            var afterColon = false
            while next < tokens.count {
                let text = tokens[next].text
                if angles == 0, text == "{" || text == "where" { break }
                switch text {
                case "<": angles += 1
                case ">": angles -= 1
                case ":" where angles == 0: afterColon = true
                case "," where angles == 0 && afterColon:
                    inheritsTestCase = inheritsTestCase || Self.isTestCase(current)
                    current = ""
                default:
                    break
                }
                if afterColon, !(text == ":" && angles == 0), !(text == "," && angles == 0) { current += text }
                next += 1
            }
            inheritsTestCase = inheritsTestCase || Self.isTestCase(current)
            if counted {
                classes.append(DiscoveredTestCase(className: tokens[nameIndex].text, methods: []))
                classOpening = inheritsTestCase ? .testClass(index: classes.count - 1, conditions: 0) : .otherClass
            } else {
                classOpening = .otherClass
            }
            return next
        }

        private static func isTestCase(_ type: String) -> Bool {
            type == "XCTestCase" || type == "XCTest.XCTestCase"
        }

        private mutating func readMethod(at index: Int, of owner: Int) -> Int {
            // Its modifiers are the words before it on its line.
            var first = index
            while first > 0, !tokens[first].startsLine { first -= 1 }
            let modifiers = Set(tokens[first..<index].map(\.text))
            let nameIndex = index + 1
            guard nameIndex + 2 < tokens.count else { return index + 1 }
            let name = tokens[nameIndex].text
            guard name.hasPrefix("test"), tokens[nameIndex + 1].text == "(", tokens[nameIndex + 2].text == ")",
                  modifiers.isDisjoint(with: ["static", "class", "private"]) else { return nameIndex }
            var next = nameIndex + 3
            var isAsync = false
            while next < tokens.count, !["{", "->", "where", "}"].contains(tokens[next].text) {
                if tokens[next].text == "async" { isAsync = true }
                next += 1
            }
            methodsFound[owner, default: []].append(.init(name: name, isAsync: isAsync))
            return next
        }
    }
}
