import DojoCore

/// A command that acts on one exercise: the one named (`check constructor.2`, or `check 2`
/// inside a lesson) or else the current one.
///
/// Resolving the name, making it the current exercise, completing exercise ids and reporting
/// an unknown id are the same for all of them, so they live here once.
@MainActor
protocol ExerciseTargetedCommand: ShellCommand {
    func run(on exercise: Exercise, arguments: [String], session: ShellSession) async
}

extension ExerciseTargetedCommand {
    func completions(arguments: [String], session: ShellSession) -> [String] {
        arguments.isEmpty ? session.catalog.allExercises.map(\.id) : []
    }

    func run(_ arguments: [String], session: ShellSession) async -> CommandOutcome {
        do {
            let exercise = try session.exercise(named: arguments.first)
            guard session.select(exercise) else { return .keepGoing }
            await run(on: exercise, arguments: Array(arguments.dropFirst()), session: session)
        } catch {
            session.printer.line(error.localizedDescription)
        }
        return .keepGoing
    }
}
