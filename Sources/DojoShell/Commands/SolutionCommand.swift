import DojoCore

/// `solution [id]`: the reference solution as a diff against the learner's file.
struct SolutionCommand: ShellCommand {
    let name = "solution"
    let usage = "solution [exercise]"
    let summary = "Show the reference solution as a diff against your file (asks first if you have not passed)."

    func completions(arguments: [String], session: ShellSession) -> [String] {
        arguments.isEmpty ? CompletionWords.exerciseIDs(session) : []
    }

    func run(_ arguments: [String], session: ShellSession) async -> CommandOutcome {
        let printer = session.printer
        do {
            let exercise = try session.exercise(named: arguments.first)
            session.select(exercise)
            let record = session.progress.exercise(exercise.id)
            if !record.passed && !record.solutionSeen {
                let question = "You have not passed \(exercise.id) yet; working it out teaches far more than reading the answer. Show the solution anyway?"
                guard session.terminal.confirm(question) else {
                    printer.note("Kept hidden. 'hint' gives a smaller push.")
                    return .keepGoing
                }
            }
            session.updateProgress { $0.update(exercise.id) { $0.solutionSeen = true } }
            let fileSystem = session.dependencies.fileSystem
            let solution = try fileSystem.text(of: exercise.solution)
            let learnerFile = session.learnerFile(for: exercise)
            let mine = (try? fileSystem.text(of: learnerFile)) ?? ""
            printer.heading("Solution of \(exercise.id), as changes to your file")
            printer.note("--- your \(learnerFile.lastPathComponent)   +++ the solution")
            let diff = LineDiff.unified(from: mine, to: solution)
            if diff.isEmpty {
                printer.line("Your file is the same as the solution.")
            } else {
                printer.verbatim(LineDiff.render(diff, useColor: printer.style.useColor))
            }
        } catch {
            printer.line(error.localizedDescription)
        }
        return .keepGoing
    }
}
