import TerminalMarkdown

extension ShellSession {
    /// Runs `show`, whose text goes through the pager when it is taller than the screen, as
    /// git and man do: only on a terminal, when the pager is on (`pager`, `--no-pager`) and
    /// there is one. Whatever `show` writes through `printer` (or the session's printer) is
    /// collected first, to be measured; `show` must not ask anything.
    func paged(_ show: (Printer) -> Void) {
        let pager = dependencies.console.pager
        // Inside another `paged`, the outer one measures the whole.
        guard printer.terminal === terminal, pagerEnabled, terminal.isInteractive, let rows = terminal.screenRows, pager.isAvailable else {
            show(printer)
            return
        }
        let screen = printer
        let collected = CollectingTerminal(style: terminal.style, isInteractive: true)
        printer = Printer(terminal: collected)
        show(printer)
        printer = screen
        let text = collected.text
        // The prompt needs the row below the text.
        guard Self.rows(of: text, width: terminal.style.width) >= rows else {
            terminal.write(text)
            return
        }
        do {
            try pager.page(text)
        } catch {
            terminal.write(text)
            printer.warning(error.localizedDescription)
        }
    }

    /// How many rows `text` takes on a terminal `width` columns wide, long lines wrapping.
    static func rows(of text: String, width: Int) -> Int {
        ScreenRows.count(of: text, width: width)
    }
}
