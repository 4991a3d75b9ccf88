import DojoCore

/// `reset [id]`: put the starter back, keeping a backup of the learner's file.
struct ResetCommand: ExerciseTargetedCommand {
    let name = "reset"
    let usage = "reset [exercise]"
    let summary = "Restore the exercise's starter file (your file is backed up first)."

    func run(on exercise: Exercise, arguments: [String], session: ShellSession) async {
        let printer = session.printer
        guard session.terminal.confirm("Replace your file for \(exercise.id) with the starter? A backup of it is kept.") else {
            printer.note("Nothing changed.")
            return
        }
        do {
            let backup = try session.workspace.reset(exercise)
            printer.success("Restored the starter of \(exercise.id).")
            if let backup {
                printer.line("Your previous file is kept at \(backup.path)", indent: "  ")
            }
        } catch {
            printer.error("Could not restore the starter of \(exercise.id): \(error.localizedDescription). Your file was not changed unless a backup is listed in \(session.workspace.backupsFolder.path).")
        }
    }
}
