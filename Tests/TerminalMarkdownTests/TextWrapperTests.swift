import Testing
import TerminalMarkdown

@Suite struct TextWrapperTests {
    let sentence = "The quick brown fox jumps over the lazy dog and keeps on running far away"

    /// Checks that no line of `text` is wider than `width` columns.
    func everyLine(of text: String, fitsIn width: Int) -> Bool {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .allSatisfy { ANSI.visibleWidth(String($0)) <= width }
    }

    @Test func wordsAreWrappedAtTheWidth() {
        let wrapped = TextWrapper(width: 20).wrap(sentence)
        #expect(wrapped == """
            The quick brown fox
            jumps over the lazy
            dog and keeps on
            running far away
            """)
    }

    @Test func noLineIsLongerThanTheWidthForManyWidths() {
        for width in 1...40 {
            let wrapped = TextWrapper(width: width, firstIndent: "", continuationIndent: "").wrap(sentence + " incomprehensibilities")
            #expect(everyLine(of: wrapped, fitsIn: width), "width \(width)")
        }
    }

    @Test func firstAndContinuationIndentsAreKept() {
        let wrapped = TextWrapper(width: 22, firstIndent: "- ", continuationIndent: "  ").wrap(sentence)
        #expect(wrapped == """
            - The quick brown fox
              jumps over the lazy
              dog and keeps on
              running far away
            """)
    }

    @Test func escapeSequencesTakeNoRoom() {
        let bold = "\u{1B}[1m"
        let reset = "\u{1B}[0m"
        let text = "\(bold)aaaa\(reset) \(bold)bbbb\(reset) \(bold)cccc\(reset)"
        let wrapped = TextWrapper(width: 9).wrap(text)
        #expect(wrapped == "\(bold)aaaa\(reset) \(bold)bbbb\(reset)\n\(bold)cccc\(reset)")
    }

    @Test func aStyleOpenAtALineBreakIsClosedAndReopenedAfterTheIndent() {
        let text = "\u{1B}[4mone two\u{1B}[0m"
        let wrapped = TextWrapper(width: 6, firstIndent: "> ", continuationIndent: "> ").wrap(text)
        #expect(wrapped == "> \u{1B}[4mone\u{1B}[0m\n> \u{1B}[4mtwo\u{1B}[0m")
    }

    @Test func wideCharactersCountAsTwoColumns() {
        let wrapped = TextWrapper(width: 7).wrap("日本語 日本語")
        #expect(wrapped == "日本語\n日本語")
        let unbroken = TextWrapper(width: 5).wrap("日本語のテキスト")
        #expect(unbroken == "日本\n語の\nテキ\nスト")
    }

    @Test func aWordLongerThanTheWidthIsBrokenHard() {
        let wrapped = TextWrapper(width: 10, firstIndent: "", continuationIndent: "  ").wrap("see abcdefghijklmnopqrstu now")
        #expect(wrapped == "see\n  abcdefgh\n  ijklmnop\n  qrstu\n  now")
    }

    @Test func aLongWordIsNeverBrokenInsideAnEscapeSequence() {
        let text = "a\u{1B}[31mbcdefgh\u{1B}[0mij"
        let lines = TextWrapper(width: 3).wrapLines(text)
        #expect(lines.map(ANSI.strip) == ["abc", "def", "ghi", "j"])
        for line in lines {
            // Every escape in a line is complete: stripping leaves no ESC and no stray "[31m".
            #expect(!ANSI.strip(line).contains("\u{1B}"))
            #expect(!ANSI.strip(line).contains("["))
        }
    }

    @Test func existingNewlinesAreKept() {
        let wrapped = TextWrapper(width: 40, firstIndent: "* ", continuationIndent: "  ").wrap("first line\nsecond line\n\nfourth")
        #expect(wrapped == "* first line\n  second line\n\n  fourth")
    }

    @Test func spacesAtALineBreakAreDropped() {
        let wrapped = TextWrapper(width: 5).wrap("abc   def")
        #expect(wrapped == "abc\ndef")
    }

    @Test func leadingSpacesOfALineAreKept() {
        let wrapped = TextWrapper(width: 20).wrap("  indented\n    more")
        #expect(wrapped == "  indented\n    more")
    }
}
