import DojoCatalog
import DojoWorkspace

/// `solution [id]`: the reference solution as a diff against the learner's file.
struct SolutionCommand: ExerciseTargetedCommand {
    typealias Context = any ExerciseSelection & ProgressKeeping & LearnerFiles & TimeTelling

    let name = "solution"
    let usage = "solution [exercise]"
    let summary = "Show the reference solution as a diff against your file (asks first if you have not passed)."

    /// What the workshop's policy means for `solution`, for `help solution`.
    static func policyLine(_ workshop: Workshop) -> String {
        switch workshop.solutions {
        case .afterPass: "In this workshop ('\(workshop.title)'), a solution is shown once you have passed its exercise."
        case .never: "In this workshop ('\(workshop.title)'), solutions are not shown."
        case .always: "In this workshop ('\(workshop.title)'), a solution may be shown at any time (before a pass, it asks first)."
        }
    }

    func selection(in session: Context) -> any ExerciseSelection { session }

    func run(on exercise: Exercise, arguments: [String], session: Context) async {
        let printer = session.printer
        let record = session.progress.exercise(exercise.id)
        if let refusal = Self.refusal(for: record, of: exercise, workshop: session.workshop) {
            printer.line(refusal)
            return
        }
        if !record.passed && !record.solutionSeen {
            let question = "You have not passed \(exercise.id) yet; working it out teaches far more than reading the answer. Show the solution anyway?"
            guard session.terminal.confirm(question) else {
                printer.note("Kept hidden. 'hint' gives a smaller push.")
                return
            }
        }
        let now = session.timeSource.now()
        session.updateProgress { $0.update(exercise.id) { $0.markSolutionSeen(at: now) } }
        let fileSystem = session.fileSystem
        guard let solution = try? fileSystem.text(of: exercise.solution) else {
            printer.error("The solution file \(exercise.solution.path) cannot be read. (This is a lesson bug: please report it.)")
            return
        }
        let learnerFile = session.learnerFile(for: exercise)
        let mine = (try? fileSystem.text(of: learnerFile)) ?? ""
        printer.heading("Solution of \(exercise.id), as changes to your file")
        printer.note("--- your \(learnerFile.lastPathComponent)   +++ the solution")
        let diff = LineDiff.unified(from: mine, to: solution)
        if diff.isEmpty {
            printer.line("Your file is the same as the solution.")
        } else {
            printer.verbatim(LineDiff.render(diff, useColor: printer.style.useColor, width: printer.style.width))
        }
    }

    /// Why the workshop keeps the solution hidden now, or nil when it may be shown.
    static func refusal(for record: ExerciseProgress, of exercise: Exercise, workshop: Workshop?) -> String? {
        guard let workshop else { return nil }
        switch workshop.solutions {
        case .always:
            return nil
        case .afterPass where record.passed:
            return nil
        case .afterPass:
            return "In this workshop ('\(workshop.title)') solutions are shown once you have passed the exercise. 'hint' gives a push; your instructor can help too."
        case .never:
            return "Solutions are not shown in this workshop ('\(workshop.title)'). 'hint' gives a push; your instructor can help too."
        }
    }
}
