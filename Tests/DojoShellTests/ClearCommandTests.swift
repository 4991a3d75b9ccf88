@testable import DojoShell
import DojoTestSupport
import Testing

/// `clear` empties a screen that can be emptied, and says so where it cannot.
@MainActor
@Suite struct ClearCommandTests {
    @Test func clearEmptiesTheScreenAndTheNextPromptStartsAtTheTop() async throws {
        let screen = FakeScreenTerminal(lines: ["lessons", "clear", "progress"])
        let output = try await ShellHarness().run(terminal: screen)
        let afterClear = try #require(output.range(of: "\u{1B}[H\u{1B}[2J"), "clear must send cursor-home and erase-screen")
        #expect(output[..<afterClear.lowerBound].contains("arithmetic.1"))
        #expect(output[afterClear.upperBound...].hasPrefix("didojo> "), "the prompt comes next, at the top")
        #expect(output[afterClear.upperBound...].contains("exercises passed"))
    }

    @Test func aTerminalThatCannotBeClearedSaysSo() async throws {
        let screen = FakeScreenTerminal(lines: ["clear"])
        screen.screenRows = nil
        let output = try await ShellHarness().run(terminal: screen)
        #expect(output.contains("This terminal cannot be cleared (TERM=dumb, or output to a pipe or file)."))
        #expect(!output.contains("\u{1B}[2J"))
    }

    @Test func aScriptsClearSaysItCannotClear() async throws {
        let output = try await ShellHarness(lines: ["clear"]).run()
        #expect(output == "This terminal cannot be cleared (TERM=dumb, or output to a pipe or file).\n")
    }

    /// A command receives only what it declares (`ClearCommand.Context` is a screen): a fake of
    /// that one need runs it, with no session, catalogue or workspace behind it.
    @Test func clearNeedsNothingButAScreen() async {
        let terminal = FakeScreenTerminal()
        let screen = ScreenOnly(terminal: terminal)
        #expect(await ClearCommand().run([], session: screen) == .keepGoing)
        #expect(terminal.output == ClearCommand.clearScreen)
        terminal.screenRows = nil
        _ = await ClearCommand().run([], session: screen)
        #expect(terminal.output.hasSuffix("This terminal cannot be cleared (TERM=dumb, or output to a pipe or file).\n"))
    }
}

/// A screen and nothing else.
@MainActor
private final class ScreenOnly: CommandScreen {
    let terminal: any Terminal
    let interrupts: any InterruptSource = FakeInterrupts()
    var printer: Printer { Printer(terminal: terminal) }

    init(terminal: any Terminal) {
        self.terminal = terminal
    }

    func paged(_ show: (Printer) -> Void) { show(printer) }
}
