import Testing
import TerminalMarkdown

@Suite struct SwiftHighlighterTests {
    static let snippets: [String] = [
        "let x = 1",
        """
        @MainActor
        struct Resolver: Sendable {
            /// Documentation.
            func resolve(_ did: String) async throws -> [String: Int]? {
                #if DEBUG
                print("resolving \\(did)", 3.14, 0x2F) // trailing
                #endif
                return nil
            }
        }
        """,
        "/* block\n   comment */\nlet s = \"\"\"\n    multi\n    line\n    \"\"\"\n",
        "let raw = #\"a \\#(b) \"c\"\"#\nlet regex = /[a-z]+/\n",
        "#!/usr/bin/env swift\nprint(#file, #line)\n@freestanding(expression) macro m() = #externalMacro(module: \"M\", type: \"T\")\n",
        // Broken code: must come back unchanged all the same.
        "func broken( {\n  let = \"unterminated\n}}} @@ #if\n",
        "struct { var x: = ; } \u{7F} tab\there 日本語 🙂 `` \\ ??? ```",
        "",
        "\n\n   \n",
        "let crlf = 1\r\nlet b = 2\r\n",
    ]

    @Test(arguments: snippets)
    func highlightedCodeWithEscapesStrippedIsTheInput(_ code: String) {
        let highlighted = SwiftHighlighter().highlight(code, useColor: true)
        #expect(ANSI.strip(highlighted) == code)
    }

    @Test(arguments: snippets)
    func withoutColorTheCodeIsReturnedUnchanged(_ code: String) {
        #expect(SwiftHighlighter().highlight(code, useColor: false) == code)
    }

    @Test func eachKindOfTokenGetsItsColor() {
        let code = "@MainActor let s: String = \"hi\" + 42 // done\n#if os(Linux)\n#endif"
        let highlighted = SwiftHighlighter().highlight(code, useColor: true)
        #expect(highlighted.contains(ANSI.blue + "@MainActor" + ANSI.reset))
        #expect(highlighted.contains(ANSI.magenta + "let" + ANSI.reset))
        #expect(highlighted.contains(ANSI.cyan + "String" + ANSI.reset))
        #expect(highlighted.contains(ANSI.green + "\"hi\"" + ANSI.reset))
        #expect(highlighted.contains(ANSI.yellow + "42" + ANSI.reset))
        #expect(highlighted.contains(ANSI.gray + "// done" + ANSI.reset))
        #expect(highlighted.contains(ANSI.red + "#if" + ANSI.reset))
        #expect(highlighted.contains(ANSI.red + "#endif" + ANSI.reset))
        #expect(highlighted.contains(" s: "))
    }

    @Test func plainIdentifiersAndPunctuationStayUncolored() {
        let highlighted = SwiftHighlighter().highlight("value.count", useColor: true)
        #expect(highlighted == "value.count")
    }

    @Test func aColoredRunThatSpansLinesIsClosedBeforeEachNewline() {
        let highlighted = SwiftHighlighter().highlight("/* one\ntwo */", useColor: true)
        #expect(highlighted == ANSI.gray + "/* one" + ANSI.reset + "\n" + ANSI.gray + "two */" + ANSI.reset)
    }
}
