import DojoCatalog
import DojoCore
import DojoWorkspace

/// `exercise [id]`: the task and the file to edit; also picks the current exercise.
struct ExerciseCommand: ExerciseTargetedCommand {
    typealias Context = any ExerciseSelection & LearnerFiles & ProgressKeeping

    let name = "exercise"
    let usage = "exercise [exercise]"
    let summary = "Show the current exercise's task and file, or pick another exercise."

    func selection(in session: Context) -> any ExerciseSelection { session }

    func run(on exercise: Exercise, arguments: [String], session: Context) async {
        let printer = session.printer
        let record = session.progress.exercise(exercise.id)
        let status = [ExerciseStatus.pending: "not tried yet", .failed: "not passed yet", .passed: "passed"][record.status] ?? ""
        printer.heading("Exercise \(exercise.id): \(exercise.title)")
        printer.line("\(StatusMark.mark(record.status, printer: printer)) \(status)"
            + (exercise.kind == .test ? " · you write the tests: they must catch \(exercise.mutants.count) planted bugs" : ""))
        printer.markdown(exercise.task)
        printer.line("Your file: " + session.learnerFile(for: exercise).path)
        let hintsLeft = exercise.hints.count - record.seenHints(of: exercise).count
        printer.note("'edit' opens it · 'check' runs the checks · 'watch' checks on every save · 'hint' helps (\(CountedNoun.words(hintsLeft, "hint")) left)")
    }
}
