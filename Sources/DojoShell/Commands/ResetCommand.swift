import DojoCore

/// `reset [id]`: put the starter back, keeping a backup of the learner's file.
struct ResetCommand: ShellCommand {
    let name = "reset"
    let usage = "reset [exercise]"
    let summary = "Restore the exercise's starter file (your file is backed up first)."

    func completions(arguments: [String], session: ShellSession) -> [String] {
        arguments.isEmpty ? CompletionWords.exerciseIDs(session) : []
    }

    func run(_ arguments: [String], session: ShellSession) async -> CommandOutcome {
        let printer = session.printer
        do {
            let exercise = try session.exercise(named: arguments.first)
            session.select(exercise)
            guard session.terminal.confirm("Replace your file for \(exercise.id) with the starter? A backup of it is kept.") else {
                printer.note("Nothing changed.")
                return .keepGoing
            }
            let backup = try session.workspace.reset(exercise)
            printer.success("Restored the starter of \(exercise.id).")
            if let backup {
                printer.line("Your previous file is kept at \(backup.path)", indent: "  ")
            }
        } catch {
            printer.line(error.localizedDescription)
        }
        return .keepGoing
    }
}
