import Testing
import Foundation
import TerminalMarkdown

@Suite struct MarkdownRendererTests {
    func plain(_ markdown: String, width: Int = 80) -> String {
        MarkdownRenderer(style: TextStyle(useColor: false, width: width)).render(markdown)
    }

    func colored(_ markdown: String, width: Int = 80) -> String {
        MarkdownRenderer(style: TextStyle(useColor: true, width: width)).render(markdown)
    }

    let esc = "\u{1B}["

    // MARK: Headings

    @Test func levelOneAndTwoHeadingsAreUnderlinedWithoutColor() {
        #expect(plain("# Title\n\nText") == "Title\n=====\n\nText\n")
        #expect(plain("## Section\nText") == "Section\n-------\n\nText\n")
    }

    @Test func deeperHeadingsAreFollowedByABlankLine() {
        #expect(plain("### Detail\nText") == "Detail\n\nText\n")
    }

    @Test func headingsAreStyledByLevelWithColor() {
        #expect(colored("# Title") == "\(esc)1m\(esc)4m\(esc)36mTitle\(esc)0m\n")
        #expect(colored("## Section") == "\(esc)1m\(esc)36mSection\(esc)0m\n")
        #expect(colored("### Detail") == "\(esc)1m\(esc)2mDetail\(esc)0m\n")
    }

    @Test func aLongHeadingIsWrappedAndItsUnderlineFitsTheWidth() {
        #expect(plain("# A heading that is long", width: 12) == "A heading\nthat is long\n============\n")
    }

    // MARK: Paragraphs and inlines

    @Test func paragraphsAreWrappedToTheWidthAndSeparatedByABlankLine() {
        let markdown = "One two three four five six seven.\n\nSecond paragraph."
        #expect(plain(markdown, width: 20) == "One two three four\nfive six seven.\n\nSecond paragraph.\n")
    }

    @Test func softBreaksBecomeSpacesAndHardBreaksNewLines() {
        #expect(plain("one\ntwo  \nthree\\\nfour") == "one two\nthree\nfour\n")
    }

    @Test func emphasisAndStrongArePlainWithoutColor() {
        #expect(plain("an *emphasized* and **strong** word") == "an emphasized and strong word\n")
    }

    @Test func emphasisIsItalicAndStrongIsBoldWithColor() {
        #expect(colored("an *em* and **st**") == "an \(esc)3mem\(esc)0m and \(esc)1mst\(esc)0m\n")
    }

    @Test func strongInsideEmphasisReopensTheOuterStyleAfterward() {
        #expect(colored("*a **b** c*") == "\(esc)3ma \(esc)1mb\(esc)0m\(esc)3m c\(esc)0m\n")
    }

    @Test func inlineCodeIsInBackticksWithoutColorAndYellowWithColor() {
        #expect(plain("run `swift test` now") == "run `swift test` now\n")
        #expect(colored("run `swift test` now") == "run \(esc)33mswift test\(esc)0m now\n")
    }

    @Test func linksShowTheirAddressUnlessTheTextIsTheAddress() {
        #expect(plain("see [the spec](https://w3.org/did) here") == "see the spec (https://w3.org/did) here\n")
        #expect(plain("see <https://w3.org/did>") == "see https://w3.org/did\n")
        #expect(plain("mail <me@example.com>") == "mail me@example.com\n")
    }

    @Test func linksAreUnderlinedWithADimAddressWithColor() {
        #expect(colored("[spec](https://x.org)")
            == "\(esc)4m\(esc)34mspec\(esc)0m (\(esc)90mhttps://x.org\(esc)0m)\n")
    }

    @Test func imagesShowTheirDescriptionAndAddress() {
        #expect(plain("![A diagram](d.png)") == "[image: A diagram] (d.png)\n")
    }

    @Test func escapeCharactersInThePageAreNotPassedToTheTerminal() {
        #expect(plain("a \u{1B}[31mred\u{1B}[0m word") == "a [31mred[0m word\n")
    }

    // MARK: Lists

    @Test func bulletListsAreTightWithHangingIndents() {
        let markdown = "- one two three four\n- five"
        #expect(plain(markdown, width: 12) == "• one two\n  three four\n• five\n")
    }

    @Test func nestedListsUseDeeperIndentsAndOtherBullets() {
        let markdown = "- a\n  - b\n    - c\n      - d\n- e"
        #expect(plain(markdown) == "• a\n  ◦ b\n    ▪ c\n      • d\n• e\n")
    }

    @Test func orderedListsKeepTheirNumbersAlignedToTheRight() {
        let markdown = (9...11).map { "\($0). item \($0)" }.joined(separator: "\n")
        #expect(plain(markdown) == " 9. item 9\n10. item 10\n11. item 11\n")
    }

    @Test func orderedListsWithParenthesesKeepTheirDelimiter() {
        #expect(plain("1) a\n2) b") == "1) a\n2) b\n")
    }

    @Test func looseListsHaveBlankLinesBetweenItems() {
        #expect(plain("- a\n\n- b\n\n  more b") == "• a\n\n• b\n\n  more b\n")
    }

    @Test func listItemTextWrapsUnderItsTextNotUnderTheMarker() {
        let output = plain("1. alpha beta gamma delta epsilon", width: 15)
        #expect(output == "1. alpha beta\n   gamma delta\n   epsilon\n")
    }

    @Test func bulletsAreColoredWithColor() {
        #expect(colored("- a") == "\(esc)36m•\(esc)0m a\n")
    }

    // MARK: Block quotes and breaks

    @Test func blockQuotesHaveABarAndAreWrappedInside() {
        let markdown = "> one two three four five\n>\n> six"
        #expect(plain(markdown, width: 12) == "│ one two\n│ three four\n│ five\n│\n│ six\n")
    }

    @Test func nestedBlockQuotesHaveTwoBars() {
        #expect(plain("> a\n>\n> > b") == "│ a\n│\n│ │ b\n")
    }

    @Test func thematicBreaksSpanTheWidth() {
        #expect(plain("a\n\n---\n\nb", width: 20) == "a\n\n" + String(repeating: "─", count: 20) + "\n\nb\n")
    }

    @Test func htmlBlocksAreShownAsPlainText() {
        #expect(plain("<div>\nhello\n</div>") == "<div>\nhello\n</div>\n")
    }

    // MARK: Code blocks

    @Test func codeLinesThatFitAreIndentedAndLeftAlone() {
        let line = "let name = someFunction(withArgument: 1,   andAnother: 2)"
        #expect(plain("```swift\n\(line)\n\n  next()\n```", width: 80) == "    \(line)\n\n      next()\n")
    }

    @Test func aCodeLineWiderThanTheWidthGoesOnBehindAContinuationMark() {
        let line = "let aVeryLongName = someFunction(withArgument: 1, andAnother: 2)"
        let output = plain("```swift\n\(line)\n\n  next()\n```", width: 40)
        #expect(output == "    let aVeryLongName =\n    ↪ someFunction(withArgument: 1,\n    ↪ andAnother: 2)\n\n      next()\n")
    }

    @Test func aWrappedCodeLineKeepsItsIndentAndItsColours() {
        let code = "    return client.post(\"a string long enough to need a second line\")"
        let output = colored("```swift\n\(code)\n```", width: 50)
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(output)")
        #expect(lines.allSatisfy { ANSI.visibleWidth($0) <= 50 }, "\(output)")
        #expect(ANSI.strip(lines[1]).hasPrefix("        ↪ "), "the rest starts under the line's own indent:\n\(output)")
        // The string's colour is closed at the end of the first line and opened again after the mark.
        #expect(lines[0].hasSuffix(ANSI.reset))
        #expect(lines[1].contains(ANSI.gray + "↪ " + ANSI.reset + "\(esc)32m"), "\(lines[1].debugDescription)")
    }

    @Test func aWrappedCommentGoesOnAsAComment() {
        let code = "    /// Hard-wired on purpose: the presenter builds its own client and its own clock."
        #expect(plain("```swift\n\(code)\n```", width: 50) == "        /// Hard-wired on purpose: the presenter\n        /// builds its own client and its own\n        /// clock.\n")
    }

    @Test func aWordWiderThanAWholeLineIsBrokenBetweenCharacters() {
        let word = String(repeating: "x", count: 50)
        let lines = plain("```text\n\(word)\n```", width: 30).split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 30 })
        #expect(lines.map { $0.replacingOccurrences(of: "↪ ", with: "").trimmingCharacters(in: .whitespaces) }.joined() == word)
    }

    @Test func indentedCodeBlocksAreTreatedLikeFencedSwift() {
        #expect(plain("text\n\n    let x = 1\n") == "text\n\n    let x = 1\n")
        #expect(colored("    let x = 1\n") == "    \(esc)35mlet\(esc)0m x = \(esc)33m1\(esc)0m\n")
    }

    @Test func swiftCodeBlocksAreHighlighted() {
        #expect(colored("```swift\nlet x = 1\n```") == "    \(esc)35mlet\(esc)0m x = \(esc)33m1\(esc)0m\n")
    }

    @Test func codeBlocksInOtherLanguagesAreNotHighlighted() {
        #expect(colored("```json\n{\"let\": 1}\n```") == "    {\"let\": 1}\n")
    }

    @Test func tabsInCodeBecomeFourSpaces() {
        #expect(plain("```text\n\tx\n```") == "        x\n")
    }

    @Test func codeBlocksInsideListsAreIndentedUnderTheItem() {
        #expect(plain("- a\n\n  ```\n  b()\n  ```") == "• a\n\n      b()\n")
    }

    // MARK: Whole pages

    @Test func anEmptyPageRendersAsNothing() {
        #expect(plain("") == "")
    }

    @Test func noRenderedLineIsWiderThanTheWidth() {
        let page = """
            # A title that goes on for quite a while

            A paragraph with `inline code`, **strong text**, *emphasis*, a [link](https://example.com/a/long/path) and 日本語のテキスト.

            - A list item that is long enough to wrap a few times at narrow widths
              - A nested item that is also long enough to wrap
            1. An ordered item with enough words to wrap

            > A quote with a long line of text that must be wrapped inside the bar.
            """
        for width in [20, 33, 40, 61, 100] {
            for output in [plain(page, width: width), colored(page, width: width)] {
                for line in output.split(separator: "\n") {
                    #expect(ANSI.visibleWidth(String(line)) <= width, "width \(width): \(line)")
                }
            }
        }
    }

    @Test func coloredOutputReadsTheSameAsPlainOutputOnceStripped() {
        let page = "Some *emphasis* and **strong** words in a paragraph.\n\n- item one\n- item two\n\n> quoted"
        #expect(ANSI.strip(colored(page, width: 30)) == plain(page, width: 30))
    }
}
