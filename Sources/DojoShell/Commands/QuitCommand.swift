/// `quit`: leave the shell (progress is already saved).
struct QuitCommand: ShellCommand {
    let name = "quit"
    let usage = "quit"
    let summary = "Leave DIDojo. Your progress is saved as you go."

    func run(_ arguments: [String], session: ShellSession) async -> CommandOutcome {
        session.printer.note("Bye! Your work is in \(session.workspace.root.path).")
        return .quit
    }
}
