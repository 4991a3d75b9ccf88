import DojoCore

/// `hint [id]`: one more hint each time.
struct HintCommand: ExerciseTargetedCommand {
    let name = "hint"
    let usage = "hint [exercise]"
    let summary = "Show one more hint for the exercise."

    func run(on exercise: Exercise, arguments: [String], session: ShellSession) async {
        let printer = session.printer
        guard !exercise.hints.isEmpty else {
            printer.line("This exercise has no hints.")
            return
        }
        let shown = session.progress.exercise(exercise.id).hintsShown
        if shown >= exercise.hints.count {
            printer.line("You have seen all \(exercise.hints.count) hints for \(exercise.id):")
            for (index, hint) in exercise.hints.enumerated() {
                printer.line("\(index + 1). \(hint)", indent: "  ")
            }
            printer.note("Still stuck? 'solution' shows the reference solution (it asks first).")
            return
        }
        session.updateProgress { $0.update(exercise.id) { $0.hintsShown = shown + 1 } }
        printer.heading("Hint \(shown + 1) of \(exercise.hints.count) for \(exercise.id)")
        printer.markdown(exercise.hints[shown])
        if shown + 1 < exercise.hints.count {
            printer.note("Type 'hint' again for another.")
        }
    }
}
