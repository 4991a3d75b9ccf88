@testable import DojoShell
import DojoTestSupport
import Testing

/// Which text goes through the pager: text taller than the screen of a person's terminal,
/// while the pager is on. The real `less` is tested in EndToEndTests.PagerEndToEndTests.
@MainActor
@Suite struct PagerTests {
    /// A person's terminal of 80×24.
    func harness(_ lines: [String]) throws -> ShellHarness {
        let harness = try ShellHarness(lines: lines)
        harness.terminal.isInteractive = true
        harness.terminal.screenRows = 24
        harness.terminal.style = .plain
        return harness
    }

    @Test func helpTallerThanTheScreenGoesToThePagerWhole() async throws {
        let harness = try harness(["help"])
        let output = await harness.run()
        #expect(harness.pager.pages.count == 1)
        let page = try #require(harness.pager.pages.first)
        #expect(page.hasPrefix("help [command]"), "\(page)")
        #expect(page.contains("quit"))
        #expect(page.contains("Tab completes commands"))
        #expect(!output.contains("help [command]"), "printed as well as paged:\n\(output)")
    }

    @Test func textThatFitsTheScreenIsPrintedNotPaged() async throws {
        let harness = try harness(["help check"])
        let output = await harness.run()
        #expect(harness.pager.pages.isEmpty)
        #expect(output.contains("check [exercise] [--full-output]"), "\(output)")
    }

    @Test func pagerOffPrintsLongTextWholeAndPagerOnPagesAgain() async throws {
        let harness = try harness(["pager off", "help", "pager on", "help"])
        let output = await harness.run()
        #expect(output.contains("The pager is off"))
        #expect(output.contains("help [command]"))
        #expect(harness.pager.pages.count == 1, "only the second 'help' is paged")
        #expect(output.contains("The pager is on"))
    }

    @Test func aScriptIsNeverPaged() async throws {
        let harness = try ShellHarness(lines: ["help", "lessons"])
        harness.terminal.screenRows = 24
        let output = await harness.run()
        #expect(harness.pager.pages.isEmpty)
        #expect(output.contains("help [command]"))
    }

    @Test func aTerminalWithoutAKnownHeightIsNeverPaged() async throws {
        let harness = try harness(["help"])
        harness.terminal.screenRows = nil
        _ = await harness.run()
        #expect(harness.pager.pages.isEmpty)
    }

    @Test func withoutAPagerLongTextIsPrintedAndPagerSaysWhy() async throws {
        let harness = try harness(["help", "pager"])
        harness.pager.isAvailable = false
        let output = await harness.run()
        #expect(harness.pager.pages.isEmpty)
        #expect(output.contains("help [command]"))
        #expect(output.contains("There is no pager"))
    }

    @Test func aPagerThatCannotStartLeavesTheTextPrintedWithTheReason() async throws {
        let harness = try harness(["help"])
        harness.pager.failure = PagerError(message: "The pager 'nosuchpager' was not found.")
        let output = await harness.run()
        #expect(output.contains("help [command]"))
        #expect(output.contains("! The pager 'nosuchpager' was not found."), "\(output)")
    }

    @Test func rowsCountLongLinesAsTheTerminalWrapsThem() {
        #expect(ShellSession.rows(of: "a\nb\n", width: 80) == 2)
        #expect(ShellSession.rows(of: String(repeating: "x", count: 81) + "\n", width: 80) == 2)
        #expect(ShellSession.rows(of: "\n\n", width: 80) == 2)
        // Box drawing is one column a character, emoji two.
        #expect(ShellSession.rows(of: String(repeating: "─", count: 80), width: 80) == 1)
        #expect(ShellSession.rows(of: String(repeating: "🔒", count: 41), width: 80) == 2)
    }
}
