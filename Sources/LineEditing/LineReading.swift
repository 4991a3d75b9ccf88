/// Something the shell can ask for the next line of input.
///
/// Both the interactive editor and the plain reader used for pipes conform,
/// so the shell loop does not need to know which one it talks to.
package protocol LineReading: AnyObject {
    /// Reads one line, showing `prompt` first when the reader is interactive.
    func readLine(prompt: String) -> LineReadResult
}
