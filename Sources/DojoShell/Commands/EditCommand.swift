import DojoCatalog

/// `edit [id]`: open the learner's file in $VISUAL or $EDITOR.
struct EditCommand: ExerciseTargetedCommand {
    typealias Context = any ExerciseSelection & LearnerFiles & ProgramStarting

    let name = "edit"
    let usage = "edit [exercise]"
    let summary = "Open the exercise's file in your editor ($VISUAL or $EDITOR)."
    var details: String {
        """
        Opens your file for the exercise in $VISUAL or $EDITOR, with its arguments (an editor with a window of its own must wait until the file is closed: export EDITOR="code --wait"). With neither set, the first of \(SystemEditorLauncher.fallbackEditors.joined(separator: ", ")) that is installed. A terminal editor has the whole terminal until you quit it: Ctrl-C is the editor's, and suspending it (Ctrl-Z in vim, Ctrl-T Ctrl-Z in nano) suspends DIDojo with it, back to the shell you started DIDojo from, where 'fg' brings both back. Save and quit the editor to come back here, then type 'check'.
        """
    }

    func selection(in session: Context) -> any ExerciseSelection { session }

    func run(on exercise: Exercise, arguments: [String], session: Context) async {
        let printer = session.printer
        let file = session.learnerFile(for: exercise)
        let editor = session.programs.editor
        do {
            try session.ensureLearnerFile(for: exercise)
            guard let command = editor.editorCommand else {
                printer.line("No editor is set, and none of \(Self.fallbackList) is on your PATH. Open this file in any editor:")
                printer.line(file.path, indent: "  ")
                printer.note("To use 'edit', set one before starting DIDojo, e.g. export EDITOR=nano (or vim, or \"code --wait\").")
                return
            }
            let why = editor.choiceNote.map { " (\($0))" } ?? ""
            printer.note("Opening \(file.lastPathComponent) with \(command)\(why)…")
            try editor.open(file)
            // A terminal editor has the terminal to itself, so Ctrl-C pressed in it never
            // reaches the shell; one that shares the terminal (no terminal, a script) may let
            // it through, and that Ctrl-C was meant for the editor, not for us.
            _ = session.interrupts.takeInterrupt()
            printer.note("Back from the editor. Type 'check' to run the checks.")
        } catch {
            printer.line(error.localizedDescription)
        }
    }

    /// "sensible-editor, editor, nano or vi".
    private static var fallbackList: String {
        let names = SystemEditorLauncher.fallbackEditors
        return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }
}
