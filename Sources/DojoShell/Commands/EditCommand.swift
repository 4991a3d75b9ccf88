import DojoCore

/// `edit [id]`: open the learner's file in $VISUAL or $EDITOR.
struct EditCommand: ShellCommand {
    let name = "edit"
    let usage = "edit [exercise]"
    let summary = "Open the exercise's file in your editor ($VISUAL or $EDITOR)."

    func completions(arguments: [String], session: ShellSession) -> [String] {
        arguments.isEmpty ? CompletionWords.exerciseIDs(session) : []
    }

    func run(_ arguments: [String], session: ShellSession) async -> CommandOutcome {
        let printer = session.printer
        do {
            let exercise = try session.exercise(named: arguments.first)
            session.select(exercise)
            let file = session.learnerFile(for: exercise)
            try session.ensureLearnerFile(for: exercise)
            guard let editor = session.dependencies.editor.editorCommand else {
                printer.line("No editor is set. Open this file in any editor:")
                printer.line(file.path, indent: "  ")
                printer.note("To use 'edit', set one before starting DIDojo, e.g. export EDITOR=nano (or vim, or \"code --wait\").")
                return .keepGoing
            }
            printer.note("Opening \(file.lastPathComponent) with \(editor)…")
            try session.dependencies.editor.open(file)
            _ = session.dependencies.interrupts.takeInterrupt()
            printer.note("Back from the editor. Type 'check' to run the checks.")
        } catch {
            printer.line(error.localizedDescription)
        }
        return .keepGoing
    }
}
