import Testing
@testable import TerminalMarkdown

@Suite struct ANSITests {
    @Test func visibleWidthIgnoresEscapeSequences() {
        #expect(ANSI.visibleWidth(ANSI.bold + "hello" + ANSI.reset) == 5)
        #expect(ANSI.visibleWidth("\u{1B}[1;38;5;208mab\u{1B}[0m") == 2)
    }

    @Test func visibleWidthCountsEastAsianWideCharactersAsTwoColumns() {
        #expect(ANSI.visibleWidth("日本語") == 6)
        #expect(ANSI.visibleWidth("ａｂ") == 4)
        #expect(ANSI.visibleWidth("한국") == 4)
        #expect(ANSI.visibleWidth("a日b") == 4)
    }

    @Test func visibleWidthCountsCombiningSequencesAndEmojiByWhatTheTerminalDraws() {
        #expect(ANSI.visibleWidth("e\u{301}") == 1)
        #expect(ANSI.visibleWidth("🙂") == 2)
        #expect(ANSI.visibleWidth("a\u{200B}b") == 2)
    }

    @Test func stripRemovesEverySequenceAndKeepsTheText() {
        let text = ANSI.cyan + "a" + ANSI.reset + "b" + "\u{1B}]8;;https://x.org\u{07}c" + ANSI.underline + "日" + ANSI.reset
        #expect(ANSI.strip(text) == "abc日")
    }

    @Test func styledAddsNothingWhenColorIsOff() {
        #expect(ANSI.styled("x", [ANSI.bold], enabled: false) == "x")
        #expect(ANSI.styled("x", [ANSI.bold, ANSI.red], enabled: true) == "\u{1B}[1m\u{1B}[31mx\u{1B}[0m")
    }
}
