import DojoWorkspace
@testable import DojoShell
import DojoTestSupport
import Foundation
import LineEditing
import TerminalMarkdown
import Testing

/// `present`: slides for a projector that leave the learner's progress alone.
@MainActor
@Suite struct PresentCommandTests {
    @Test func pagesThroughALessonWithTheKeysAndLeaves() async throws {
        let harness = try ShellHarness(lines: ["present arithmetic", "", "p", "2", "n", "q", "lessons"])
        var learner = LearnerProgress()
        learner.currentLessonID = "testing"
        try harness.store.update { $0 = learner }
        let before = try harness.fileSystem.contents(of: harness.workspace.progressFile)
        await harness.makeShell().run()
        let output = harness.terminal.output

        // Page 1, then 2 (Enter), back to 1 (p), 2 (a number), then "last page" (n), then left.
        let footers = output.components(separatedBy: "\n").filter { $0.hasPrefix("arithmetic · ") }.map { $0.prefix(16) }
        #expect(footers == ["arithmetic · 1/2", "arithmetic · 2/2", "arithmetic · 1/2", "arithmetic · 2/2", "arithmetic · 2/2"])
        #expect(output.contains("That was the last page."))
        #expect(output.contains("Left the presentation of arithmetic."))
        #expect(output.contains("arithmetic — Arithmetic"), "the shell carries on after the presentation")
        // Nothing of the learner's changed: not the lesson, not the page, not the file.
        #expect(harness.progress.currentLessonID == "testing")
        #expect(try harness.fileSystem.contents(of: harness.workspace.progressFile) == before)
    }

    @Test func aSlideHasABannerTheTextAndNoExerciseNoise() async throws {
        let harness = try ShellHarness(lines: ["present", "q"])
        await harness.makeShell().run()
        let output = harness.terminal.output
        let rule = String(repeating: "━", count: 200)
        #expect(output.contains(rule + "\n  F I R S T   P A G E\n" + rule + "\n"))
        #expect(!output.contains("# First page"), "the title is in the banner, not repeated")
        #expect(!output.contains("'next' for"), "no shell navigation hints on a slide")
        #expect(!output.contains("check"))
    }

    @Test func onAScreenTheSlideIsClearedFirstAndTheFooterSitsAtTheBottom() throws {
        let harness = try ShellHarness()
        let lesson = try #require(harness.catalog.lesson(id: "arithmetic"))
        let slide = PresenterView.slide(lesson, page: 0, style: TextStyle(useColor: true, width: 60), rows: 30)
        #expect(slide.hasPrefix(PresenterView.clearScreen))
        #expect(slide.components(separatedBy: "\n").count == 30, "29 rows of slide and the prompt's row")
        #expect(slide.contains("\u{1B}[7m"), "the banner is a reversed block")
    }

    @Test(arguments: [
        ("", PresenterKey.forward), (" ", .forward), ("n", .nextPage), ("next", .nextPage), ("p", .back),
        ("b", .back), ("back", .back), ("Q", .leave), ("exit", .leave), ("3", .page(3)), ("9", .unknown),
        ("0", .unknown), ("slides", .unknown),
    ])
    func keysMeanWhatTheFooterSays(typed: String, key: PresenterKey) {
        #expect(PresenterKey(typed, pageCount: 4) == key)
    }

    @Test func aLongTitleIsNotSpacedOut() {
        #expect(BannerHeading.spaced("SHORT", fitting: 20) == "S H O R T")
        #expect(BannerHeading.spaced("A MUCH LONGER TITLE", fitting: 20) == "A MUCH LONGER TITLE")
    }

    // MARK: Pages taller than the screen

    /// The arithmetic lesson with a second page of `lineCount` one-line list items.
    func lessonWithALongPage(lineCount: Int, onPage page: Int = 2) -> LessonFixture {
        var fixture = LessonFixture.arithmetic()
        let items = (1...lineCount).map { "- line \($0)" }.joined(separator: "\n")
        let path = page == 1 ? "pages/01-first.md" : "pages/02-second.md"
        fixture.files[path] = "# \(page == 1 ? "First" : "Second") page\n\n" + items + "\n"
        return fixture
    }

    /// Presents with the scripted `keys` on a screen of `rows` rows; returns each slide written.
    func present(_ fixture: LessonFixture, keys: [String], rows: Int = 20) async throws -> [String] {
        let harness = try ShellHarness(lessons: [fixture])
        let terminal = ScreenTerminal(lines: keys, rows: rows)
        let session = ShellSession(
            dependencies: ShellDependencies(
                console: ShellConsole(terminal: terminal, interrupts: harness.interrupts, clock: ContinuousClock()),
                programs: ShellPrograms(editor: harness.editor, fileWatcher: FakeFileWatcher(changes: 0), demos: harness.demos),
                course: ShellCourse(catalog: harness.catalog, fileSystem: harness.fileSystem),
                records: LearnerRecords(workspace: harness.workspace, progressStore: harness.store, fileSystem: harness.fileSystem, timeSource: FixedTimeSource()),
                checker: .success(harness.checker)),
            progress: harness.progress)
        _ = await PresentCommand().run(["arithmetic"], session: session)
        // Each slide up to its footer line; after the last one comes the note on leaving.
        return terminal.output.components(separatedBy: PresenterView.clearScreen).dropFirst().map { written in
            guard let footer = written.range(of: "\narithmetic · "),
                  let end = written[footer.upperBound...].firstIndex(of: "\n") else { return written }
            return String(written[...end])
        }
    }

    /// The list items ("line 7") a slide shows, in order.
    func items(_ slide: String) -> [Int] {
        slide.components(separatedBy: "\n").compactMap { line in
            line.hasPrefix("• line ") ? Int(line.dropFirst("• line ".count)) : nil
        }
    }

    @Test func aPageTallerThanTheScreenIsShownAScreenfulAtATimeUnderItsBanner() async throws {
        let slides = try await present(lessonWithALongPage(lineCount: 36), keys: ["2", "", " ", "q"], rows: 20)
        #expect(slides.count == 4, "page 1, then page 2 in three screenfuls")
        let pageTwo = Array(slides.dropFirst())
        for slide in pageTwo {
            // The banner on top of every screenful, the footer at the bottom, nothing scrolled away.
            #expect(slide.hasPrefix(String(repeating: "━", count: 200) + "\n  S E C O N D   P A G E\n"))
            let lines = slide.components(separatedBy: "\n")
            #expect(lines.count == 20, "19 rows of slide and the prompt's row: \(slide)")
            #expect(lines[18].hasPrefix("arithmetic · 2/2"))
        }
        // Every line of the page shown once, in order, across the screenfuls.
        // 20 rows: the banner (3), a blank line, 13 lines of text, the mark, the footer, the prompt.
        #expect(pageTwo.flatMap(items) == Array(1...36))
        #expect(items(pageTwo[0]) == Array(1...13))
        #expect(pageTwo[0].contains("\n• line 13\n── more: Enter · lines 1–13 of 36 ──\narithmetic · 2/2"))
        #expect(pageTwo[1].contains("── more: Enter · lines 14–26 of 36 ──\n"))
        #expect(pageTwo[2].contains("── end of the last page · lines 27–36 of 36 ──\n"))
    }

    @Test func backGoesToTheScreenfulBeforeAndFromTheTopToTheEndOfThePageBefore() async throws {
        let slides = try await present(
            lessonWithALongPage(lineCount: 20, onPage: 1), keys: ["", "", "p", "b", "b", "q"], rows: 20)
        let shown = slides.map { slide in items(slide).first.map { "1:\($0)" } ?? (slide.contains("More text.") ? "2" : "?") }
        // 1:1, 1:14, page 2 (Enter at the end of the page), back to 1:14, then 1:1; 'b' at the top of page 1 stays.
        #expect(shown == ["1:1", "1:14", "2", "1:14", "1:1", "1:1"])
        #expect(slides[1].contains("── end of page · lines 14–20 of 20 · Enter: next page ──"))
    }

    @Test func nGoesToTheNextPageFromTheMiddleOfALongOneAndANumberToTheTopOfAPage() async throws {
        let slides = try await present(lessonWithALongPage(lineCount: 30, onPage: 1), keys: ["n", "1", "q"], rows: 20)
        #expect(items(slides[0]) == Array(1...13))
        #expect(slides[1].contains("More text.") && slides[1].contains("arithmetic · 2/2"))
        #expect(items(slides[2]) == Array(1...13))
    }

    @Test func aPageThatFillsTheScreenExactlyHasNoMoreMarkAndOneLineMoreHasOne() async throws {
        let fitting = try await present(lessonWithALongPage(lineCount: 13), keys: ["2", "q"], rows: 20)
        #expect(items(fitting[1]) == Array(1...13))
        #expect(!fitting[1].contains("more:") && !fitting[1].contains("end of"))
        #expect(fitting[1].components(separatedBy: "\n").count == 20)

        let oneTooMany = try await present(lessonWithALongPage(lineCount: 14), keys: ["2", "", "q"], rows: 20)
        #expect(oneTooMany[1].contains("── more: Enter · lines 1–13 of 14 ──"))
        #expect(items(oneTooMany[2]) == [14])
    }

    @Test func aScreenfulStartsWithTextNotWithTheBlankLineBetweenParagraphs() async throws {
        var fixture = LessonFixture.arithmetic()
        fixture.files["pages/01-first.md"] = "# First page\n\n" + (1...12).map { "Paragraph \($0)." }.joined(separator: "\n\n") + "\n"
        let slides = try await present(fixture, keys: ["", "q"], rows: 20)
        // Banner (3 rows) and its blank line, then 13 lines: paragraphs 1 to 7 and the blanks between.
        #expect(slides[0].contains("Paragraph 7.\n── more: Enter · lines 1–13 of 23 ──"))
        let second = slides[1].components(separatedBy: "\n")
        #expect(second[4] == "Paragraph 8.", "\(slides[1])")
        #expect(slides[1].contains("── end of page · lines 15–23 of 23 · Enter: next page ──"))
    }

    @Test func aCodeLineWiderThanTheScreenCountsForEveryRowItTakes() throws {
        var fixture = LessonFixture.arithmetic()
        let longLine = "let x = " + String(repeating: "1 + ", count: 40) + "1"
        fixture.files["pages/01-first.md"] = "# First page\n\n```swift\n" + Array(repeating: longLine, count: 12).joined(separator: "\n") + "\n```\n"
        let harness = try ShellHarness(lessons: [fixture])
        let lesson = try #require(harness.catalog.lesson(id: "arithmetic"))
        let style = TextStyle(useColor: false, width: 60)
        let view = PresenterView(lesson, page: 0, style: style, rows: 24)
        #expect(view.screenCount > 1)
        for index in 0..<view.screenCount {
            let rowsTaken = view.screen(index).dropFirst(PresenterView.clearScreen.count)
                .split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                .reduce(0) { $0 + max(1, (ANSI.visibleWidth(String($1)) + 59) / 60) }
            #expect(rowsTaken <= 23, "screenful \(index) takes \(rowsTaken) rows, leaving none for the prompt")
        }
    }
}

/// A terminal of a fixed size, as a projector's: it reads scripted lines and keeps what is written.
@MainActor
private final class ScreenTerminal: Terminal {
    private var lines: [String]
    private(set) var output = ""
    let rows: Int

    init(lines: [String], rows: Int) {
        self.lines = lines
        self.rows = rows
    }

    var isInteractive: Bool { true }
    var style: TextStyle { TextStyle(useColor: false, width: 200) }
    var screenRows: Int? { rows }

    func readLine(prompt: String) -> LineReadResult {
        lines.isEmpty ? .endOfInput : .line(lines.removeFirst())
    }

    func write(_ text: String) { output += text }
    func close() {}
}
