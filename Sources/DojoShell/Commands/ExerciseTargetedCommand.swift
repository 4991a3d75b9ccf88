import DojoCatalog

/// A command that acts on one exercise: the one named (`check constructor.2`, or `check 2`
/// inside a lesson) or else the current one.
///
/// Resolving the name, making it the current exercise, completing exercise ids and reporting
/// an unknown id are the same for all of them, so they live here once.
@MainActor
protocol ExerciseTargetedCommand: ShellCommand {
    /// True when using the command means working on the exercise, which starts its clock
    /// for the report (`reset` does not).
    var opensExercise: Bool { get }
    func run(on exercise: Exercise, arguments: [String], session: Context) async
    /// The part of the command's context that finds the exercise and makes it the current
    /// one: the context itself (`{ session }`), which the compiler cannot see has it.
    func selection(in session: Context) -> any ExerciseSelection
}

extension ExerciseTargetedCommand {
    var opensExercise: Bool { true }

    func completions(arguments: [String], session: Context) -> [String] {
        arguments.isEmpty ? selection(in: session).catalog.allExercises.map(\.id) : []
    }

    func run(_ arguments: [String], session: Context) async -> CommandOutcome {
        await runOnExercise(arguments, session: session)
    }

    /// Resolves the exercise and runs the command on it; a command that also takes other
    /// arguments (`reset --all`) calls this for the usual case.
    func runOnExercise(_ arguments: [String], session context: Context) async -> CommandOutcome {
        let session = selection(in: context)
        do {
            let exercise = try session.exercise(named: arguments.first)
            guard session.select(exercise) else { return .keepGoing }
            if opensExercise { session.markOpened(exercise) }
            await run(on: exercise, arguments: Array(arguments.dropFirst()), session: context)
        } catch {
            session.printer.line(error.localizedDescription)
        }
        return .keepGoing
    }
}
