/// The outcome of asking a reader for one line of input.
package enum LineReadResult: Equatable, Sendable {
    /// A complete line, without its trailing newline.
    case line(String)
    /// The user pressed Ctrl-C; the partial line was discarded.
    case interrupted
    /// No more input: Ctrl-D on an empty line, or the end of a pipe or file.
    case endOfInput
}
