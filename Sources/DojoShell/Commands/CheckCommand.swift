import DojoCore

/// `check [id]`: compile the learner's file with the checks and report.
struct CheckCommand: ExerciseTargetedCommand {
    let name = "check"
    let usage = "check [exercise]"
    let summary = "Run the exercise's checks on your file."
    var details: String {
        "Compiles your file together with the exercise's checks and runs them. Compiler errors point at your file and line; each failed check says what it expected. Ctrl-C stops a check that takes too long."
    }

    func run(on exercise: Exercise, arguments: [String], session: ShellSession) async {
        _ = await session.runCheck(exercise)
    }
}
