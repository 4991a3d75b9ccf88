import DojoCore
@testable import DojoShell
import DojoTestSupport
import Foundation
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
        ("", PresenterKey.next), ("n", .next), ("next", .next), ("p", .previous), ("back", .previous),
        ("Q", .leave), ("exit", .leave), ("3", .page(3)), ("9", .unknown), ("0", .unknown), ("slides", .unknown),
    ])
    func keysMeanWhatTheFooterSays(typed: String, key: PresenterKey) {
        #expect(PresenterKey(typed, pageCount: 4) == key)
    }

    @Test func aLongTitleIsNotSpacedOut() {
        #expect(BannerHeading.spaced("SHORT", fitting: 20) == "S H O R T")
        #expect(BannerHeading.spaced("A MUCH LONGER TITLE", fitting: 20) == "A MUCH LONGER TITLE")
    }
}
