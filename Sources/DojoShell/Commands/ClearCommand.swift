/// `clear`: an empty screen with the prompt at the top, as Ctrl-L gives while typing.
struct ClearCommand: ShellCommand {
    typealias Context = any CommandScreen

    let name = "clear"
    let usage = "clear"
    let summary = "Clear the screen (Ctrl-L does it too, keeping the line you are typing)."
    var details: String {
        "Clears the screen and puts the prompt at the top; what was printed before stays in the terminal's scrollback. Ctrl-L does the same while you type, and keeps the line typed so far. Where the screen cannot be cleared (TERM=dumb, output to a pipe or a file), it says so."
    }

    /// Cursor to the top left, then erase the whole screen (the terminal keeps its scrollback).
    static let clearScreen = "\u{1B}[H\u{1B}[2J"

    func run(_ arguments: [String], session: Context) async -> CommandOutcome {
        let terminal = session.terminal
        if terminal.screenRows != nil {
            terminal.write(Self.clearScreen)
        } else {
            // Said even to a script: every line gets an answer.
            session.printer.note("This terminal cannot be cleared (TERM=dumb, or output to a pipe or file).")
        }
        return .keepGoing
    }
}
