import DojoCore

/// `edit [id]`: open the learner's file in $VISUAL or $EDITOR.
struct EditCommand: ExerciseTargetedCommand {
    let name = "edit"
    let usage = "edit [exercise]"
    let summary = "Open the exercise's file in your editor ($VISUAL or $EDITOR)."

    func run(on exercise: Exercise, arguments: [String], session: ShellSession) async {
        let printer = session.printer
        let file = session.learnerFile(for: exercise)
        do {
            try session.ensureLearnerFile(for: exercise)
            guard let editor = session.dependencies.editor.editorCommand else {
                printer.line("No editor is set. Open this file in any editor:")
                printer.line(file.path, indent: "  ")
                printer.note("To use 'edit', set one before starting DIDojo, e.g. export EDITOR=nano (or vim, or \"code --wait\").")
                return
            }
            printer.note("Opening \(file.lastPathComponent) with \(editor)…")
            try session.dependencies.editor.open(file)
            // Ctrl-C pressed inside the editor was meant for the editor, not for us.
            _ = session.dependencies.interrupts.takeInterrupt()
            printer.note("Back from the editor. Type 'check' to run the checks.")
        } catch {
            printer.line(error.localizedDescription)
        }
    }
}
