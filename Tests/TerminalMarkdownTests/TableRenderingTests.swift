import Foundation
import Testing
@testable import TerminalMarkdown

/// GitHub-flavoured tables drawn as terminal tables, and the other extensions cmark-gfm brings.
@Suite struct TableRenderingTests {
    func plain(_ markdown: String, width: Int = 80) -> String {
        MarkdownRenderer(style: TextStyle(useColor: false, width: width)).render(markdown)
    }

    func colored(_ markdown: String, width: Int = 80) -> String {
        MarkdownRenderer(style: TextStyle(useColor: true, width: width)).render(markdown)
    }

    let esc = "\u{1B}["

    /// The text of column `column` (0-based) of a rendered plain table: its lines between the
    /// rules, joined with spaces, so a wrapped cell reads as its words in order.
    func columnText(_ rendered: String, column: Int) -> [String] {
        var cells: [String] = []
        var current: [String] = []
        for line in rendered.split(separator: "\n") where line.hasPrefix("|") || line.hasPrefix("+") {
            if line.hasPrefix("+") {
                if !current.isEmpty { cells.append(current.joined(separator: " ")) }
                current = []
                continue
            }
            let parts = line.split(separator: "|", omittingEmptySubsequences: false)
            let text = parts[column + 1].trimmingCharacters(in: .whitespaces)
            if !text.isEmpty { current.append(text) }
        }
        return cells
    }

    // MARK: Layout

    @Test func columnsFollowTheAlignmentRow() {
        let markdown = "| left | center | right |\n|:-----|:------:|------:|\n| a | b | c |\n| ab | bc | cd |"
        #expect(plain(markdown) == """
            +------+--------+-------+
            | left | center | right |
            +======+========+=======+
            | a    |   b    |     c |
            | ab   |   bc   |    cd |
            +------+--------+-------+

            """)
    }

    @Test func withColorTheTableIsDrawnWithBoxLinesInGrayAndABoldHeader() {
        let output = colored("| a | b |\n|---|---|\n| 1 | 2 |")
        #expect(ANSI.strip(output) == """
            ┌───┬───┐
            │ a │ b │
            ╞═══╪═══╡
            │ 1 │ 2 │
            └───┴───┘

            """)
        #expect(output.hasPrefix("\(esc)90m┌───┬───┐\(esc)0m\n"))
        #expect(output.contains("\(esc)90m│\(esc)0m \(esc)1ma\(esc)0m \(esc)90m│\(esc)0m"))
    }

    @Test func withoutColorTheTableIsPlainASCII() {
        let output = plain("| kind | note |\n|---|:-:|\n| one | `code` and **bold** |\n| two | ~~gone~~ |")
        #expect(output.unicodeScalars.allSatisfy { $0.isASCII }, "\(output)")
        #expect(!output.contains("\u{1B}"))
        #expect(output == """
            +------+-----------------+
            | kind |      note       |
            +======+=================+
            | one  | `code` and bold |
            | two  |    ~~gone~~     |
            +------+-----------------+

            """)
    }

    @Test func anEmptyCellIsBlankAndARowWithTooFewCellsIsFilledUp() {
        #expect(plain("| a | b |\n|---|---|\n| | x |\n| y |") == """
            +---+---+
            | a | b |
            +===+===+
            |   | x |
            | y |   |
            +---+---+

            """)
    }

    @Test func aOneColumnTableIsABox() {
        #expect(plain("| only |\n|---|\n| one |\n| two |") == """
            +------+
            | only |
            +======+
            | one  |
            | two  |
            +------+

            """)
    }

    @Test func aTableWithOnlyAHeaderRowIsClosedUnderIt() {
        #expect(plain("| a | b |\n|---|---|") == "+---+---+\n| a | b |\n+---+---+\n")
    }

    // MARK: Fitting the width

    let prose = """
        | injection | use it when |
        |---|---|
        | constructor | the object needs the dependency for its whole life, which is the default choice |
        | setter | a framework creates the object, or there is an optional dependency with a good local default |
        | method | it differs from call to call |
        """

    @Test func aWideColumnIsWrappedInsideItsColumnAt40Columns() {
        #expect(plain(prose, width: 40) == """
            +-------------+------------------------+
            | injection   | use it when            |
            +=============+========================+
            | constructor | the object needs the   |
            |             | dependency for its     |
            |             | whole life, which is   |
            |             | the default choice     |
            +-------------+------------------------+
            | setter      | a framework creates    |
            |             | the object, or there   |
            |             | is an optional         |
            |             | dependency with a good |
            |             | local default          |
            +-------------+------------------------+
            | method      | it differs from call   |
            |             | to call                |
            +-------------+------------------------+

            """)
    }

    @Test(arguments: [40, 80])
    func noLineIsWiderThanTheWidthAndNoWordIsLost(width: Int) {
        for output in [plain(prose, width: width), ANSI.strip(colored(prose, width: width))] {
            for line in output.split(separator: "\n") {
                #expect(ANSI.visibleWidth(String(line)) <= width, "width \(width): \(line)")
            }
        }
        let output = plain(prose, width: width)
        #expect(columnText(output, column: 0) == ["injection", "constructor", "setter", "method"])
        #expect(columnText(output, column: 1) == [
            "use it when",
            "the object needs the dependency for its whole life, which is the default choice",
            "a framework creates the object, or there is an optional dependency with a good local default",
            "it differs from call to call",
        ])
    }

    @Test func at80ColumnsTheProseFitsWithFewerLines() {
        let lines = plain(prose, width: 80).split(separator: "\n")
        #expect(lines.count < plain(prose, width: 40).split(separator: "\n").count)
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(lines.contains { $0.count > 70 }, "the long column takes the room it is given")
    }

    @Test func theWidestColumnsShrinkFirstAndNarrowOnesKeepTheirWords() {
        let markdown = """
            | id | name | description |
            |---|---|---|
            | 1 | setter injection | \(String(repeating: "words that go on ", count: 6)) |
            """
        #expect(plain(markdown, width: 60) == """
            +----+------------------+--------------------------------+
            | id | name             | description                    |
            +====+==================+================================+
            | 1  | setter injection | words that go on words that go |
            |    |                  | on words that go on words that |
            |    |                  | go on words that go on words   |
            |    |                  | that go on                     |
            +----+------------------+--------------------------------+

            """)
    }

    @Test func aTableWiderThanTheScreenBreaksLongWordsVisiblyInsteadOfCuttingThem() {
        let url = "https://example.com/a/very/long/path/that/does/not/fit/anywhere"
        let markdown = "| what | where | why |\n|---|---|---|\n| spec | \(url) | because it explains everything |"
        let output = plain(markdown, width: 40)
        for line in output.split(separator: "\n") {
            #expect(line.count <= 40, "\(line)")
        }
        let whereColumn = columnText(output, column: 1)
        #expect(whereColumn.last?.replacingOccurrences(of: " ", with: "") == url)
        #expect(columnText(output, column: 2).last == "because it explains everything")
    }

    @Test func aTableWithMoreColumnsThanFitIsShownAsOneBlockPerRow() {
        let header = (1...8).map { "col\($0)" }
        let markdown = "| " + header.joined(separator: " | ") + " |\n" + String(repeating: "|---", count: 8) + "|\n"
            + "| " + (1...8).map { "value\($0)" }.joined(separator: " | ") + " |"
        let output = plain(markdown, width: 20)
        for line in output.split(separator: "\n") {
            #expect(line.count <= 20, "\(line)")
        }
        #expect(output.contains("col1: value1\n"))
        #expect(output.contains("col8: value8\n"))
    }

    // MARK: Styles inside cells

    @Test func inlineStylesInsideCellsAreKeptAndDoNotCountTowardsTheWidth() {
        let markdown = "| a | b |\n|---|---|\n| **strong** | `code` |"
        let output = colored(markdown)
        #expect(output.contains("\(esc)1mstrong\(esc)0m"))
        #expect(output.contains("\(esc)33mcode\(esc)0m"))
        #expect(ANSI.strip(output).contains("│ strong │ code │"))
    }

    @Test func aStyleWrappedAcrossLinesOfACellIsReopenedOnEachLineAndClosedBeforeTheBorder() {
        let markdown = "| a | b |\n|---|---|\n| x | **a bold phrase that has to wrap inside its cell** |"
        let output = colored(markdown, width: 30)
        let bar = "\(esc)90m│\(esc)0m"
        let rowLines = output.split(separator: "\n").map(String.init).filter { $0.hasPrefix(bar) }.dropFirst()
        #expect(rowLines.count >= 3, "the cell wraps: \(output)")
        for line in rowLines {
            let cell = line.components(separatedBy: bar)[2].trimmingCharacters(in: .whitespaces)
            #expect(cell.hasPrefix("\(esc)1m"), "\(line)")
            #expect(cell.hasSuffix("\(esc)0m"), "\(line)")
        }
        #expect(output.split(separator: "\n").allSatisfy { ANSI.visibleWidth(String($0)) <= 30 })
    }

    // MARK: The lesson's own table

    @Test func theSetterLessonsSummaryTableFits80Columns() throws {
        let page = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Lessons/03-setter/pages/06-choosing.md")
        let markdown = try String(contentsOf: page, encoding: .utf8)
        #expect(markdown.contains("|---|"), "the page still has its table")
        for output in [plain(markdown), colored(markdown)] {
            for line in output.split(separator: "\n") {
                #expect(ANSI.visibleWidth(String(line)) <= 80, "\(line)")
                #expect(!line.contains("|---|"), "\(line)")
            }
        }
        #expect(colored(markdown).contains("┌"))
        let text = plain(markdown)
        #expect(text.contains("+====="))
        #expect(columnText(text, column: 0).contains("setter (property)"))
    }

    // MARK: Other extensions

    @Test func strikethroughIsStruckWithColorAndKeepsItsTildesWithout() {
        #expect(plain("an ~~old~~ word") == "an ~~old~~ word\n")
        #expect(colored("an ~~old~~ word") == "an \(esc)9mold\(esc)0m word\n")
        #expect(plain("~/didojo-workspace and ~/.cache") == "~/didojo-workspace and ~/.cache\n", "single tildes are text")
    }

    @Test func bareAddressesBecomeLinksShownOnce() {
        #expect(plain("see www.swift.org and https://swift.org/documentation today")
            == "see www.swift.org and https://swift.org/documentation today\n")
        #expect(colored("see https://swift.org now") == "see \(esc)4m\(esc)34mhttps://swift.org\(esc)0m now\n")
    }

    @Test func pagesRenderedAtOnceFromManyThreadsComeOutTheSame() async {
        let page = "A ~~struck~~ word, www.swift.org and a table:\n\n| a | b |\n|---|---|\n| ~~x~~ | y |\n"
        let expected = colored(page)
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    (0..<200).allSatisfy { _ in colored(page) == expected }
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results == Array(repeating: true, count: 8))
    }
}
