import DojoCatalog

/// `check [id] [--full-output]`: compile the learner's file with the checks and report.
struct CheckCommand: ExerciseTargetedCommand {
    typealias Context = any ExerciseSelection & CheckRunning

    static let fullOutputFlag = "--full-output"

    let name = "check"
    let usage = "check [exercise] [--full-output]"
    let summary = "Run the exercise's checks on your file."
    /// Set from the command line's words for one run.
    private var fullOutput = false
    var details: String {
        "Compiles your file together with the exercise's checks and runs them. Compiler errors point at your file and line; each failed check says what it expected. Of what your code printed, a failed check shows the last \(CheckReportView.outputTailLines) lines, and of many compile errors or wiring notes the first ones, so that the verdict stays on the screen: 'output' shows all of it, and so does 'check --full-output'. Ctrl-C stops a check that takes too long."
    }

    func completions(arguments: [String], session: Context) -> [String] {
        let flag = arguments.contains(Self.fullOutputFlag) ? [] : [Self.fullOutputFlag]
        let exercises = arguments.contains { !$0.hasPrefix("-") } ? [] : session.catalog.allExercises.map(\.id)
        return exercises + flag
    }

    func run(_ arguments: [String], session: Context) async -> CommandOutcome {
        // The flag may come before or after the exercise.
        var command = self
        command.fullOutput = arguments.contains(Self.fullOutputFlag)
        return await command.runOnExercise(arguments.filter { $0 != Self.fullOutputFlag }, session: session)
    }

    func selection(in session: Context) -> any ExerciseSelection { session }

    func run(on exercise: Exercise, arguments: [String], session: Context) async {
        _ = await session.runCheck(exercise, fullOutput: fullOutput, watching: false)
    }
}
