import LineEditing
import TerminalMarkdown

/// The learner's terminal: where lines come from and text goes to.
///
/// Injected so that the shell's tests drive it with a fake instead of a real terminal.
@MainActor
package protocol Terminal: AnyObject {
    /// True for a person at a terminal (prompt, history, spinner); false for a script.
    var isInteractive: Bool { get }
    /// Color and width, read anew each time because the window may be resized.
    var style: TextStyle { get }
    /// Reads one line; the prompt is shown only when interactive.
    func readLine(prompt: String) -> LineReadResult
    /// Writes text exactly as given.
    func write(_ text: String)
    /// The screen's height when the whole screen may be drawn on (cleared, filled): a real,
    /// capable terminal. Nil for pipes, files and `TERM=dumb`.
    var screenRows: Int? { get }
    /// Saves what should survive a restart (history). Called on exit.
    func close()
}

extension Terminal {
    package var screenRows: Int? { nil }

    /// Asks a yes/no question; anything but "y"/"yes" is no.
    package func confirm(_ question: String) -> Bool {
        if !isInteractive { write(TextWrapper(width: style.width).wrap(question) + " ") }
        guard case .line(let answer) = readLine(prompt: wrappedPrompt(question + " [y/N] ")) else {
            write("\n")
            return false
        }
        if !isInteractive { write(answer + "\n") }
        return ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
    }

    /// `prompt` wrapped at the terminal's width between words: every line but the last is
    /// written now, and the last is returned, for the line editor to show as the prompt (it
    /// knows nothing of words, so a long prompt of its own would break in the middle of one).
    package func wrappedPrompt(_ prompt: String) -> String {
        guard isInteractive else { return prompt }
        let lines = TextWrapper(width: style.width).wrapLines(prompt)
        guard lines.count > 1, let last = lines.last else { return prompt }
        write(lines.dropLast().joined(separator: "\n") + "\n")
        // The space before the answer, which wrapping drops at the end of a line.
        return prompt.hasSuffix(" ") && !last.hasSuffix(" ") ? last + " " : last
    }
}
