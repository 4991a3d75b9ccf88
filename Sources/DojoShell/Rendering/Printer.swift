import TerminalMarkdown

/// Writes the shell's own messages: wrapped to the terminal's width, colored when allowed.
///
/// One place decides how success, failure, warnings and notes look, so every command speaks
/// with the same voice.
@MainActor
struct Printer {
    let terminal: any Terminal

    var style: TextStyle { terminal.style }

    /// A paragraph, wrapped to the width.
    func line(_ text: String = "", indent: String = "") {
        if text.isEmpty {
            terminal.write("\n")
            return
        }
        terminal.write(wrap(text, indent: indent) + "\n")
    }

    /// A paragraph wrapped with every line after the first starting with `indent` (a list
    /// whose descriptions start in one column).
    func hanging(_ text: String, indent: String) {
        terminal.write(TextWrapper(width: style.width, continuationIndent: indent).wrap(text) + "\n")
    }

    func success(_ text: String) { line(paint("✓", ANSI.green) + " " + text) }
    func failure(_ text: String) { line(paint("✗", ANSI.red) + " " + text) }
    func warning(_ text: String) { line(paint("!", ANSI.yellow) + " " + text) }
    func note(_ text: String) { line(paint(text, ANSI.dim)) }
    func heading(_ text: String) { line(paint(text, ANSI.bold)) }

    /// Lines written exactly as given (code, diffs, program output): never re-wrapped.
    func verbatim(_ text: String) {
        guard !text.isEmpty else { return }
        terminal.write(text.hasSuffix("\n") ? text : text + "\n")
    }

    /// An error, as one clear paragraph.
    func error(_ text: String) { line(paint("Error:", ANSI.red) + " " + text) }

    func markdown(_ text: String) {
        terminal.write(MarkdownRenderer(style: style).render(text))
    }

    /// `text` wrapped in an ANSI attribute, or plain when color is off.
    func paint(_ text: String, _ code: String) -> String {
        style.useColor ? code + text + ANSI.reset : text
    }

    func wrap(_ text: String, indent: String = "") -> String {
        TextWrapper(width: style.width, firstIndent: indent, continuationIndent: indent + "  ").wrap(text)
    }
}
