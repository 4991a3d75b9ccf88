import DojoCore

/// `progress`: a bar and the counts.
struct ProgressCommand: ShellCommand {
    typealias Context = any CommandScreen & CourseReading & ProgressKeeping

    let name = "progress"
    let usage = "progress"
    let summary = "Show how far you are: a bar and the counts per lesson."

    func run(_ arguments: [String], session: Context) async -> CommandOutcome {
        let printer = session.printer
        let all = session.catalog.allExercises
        let passed = all.filter { session.progress.exercise($0.id).passed }.count
        printer.line(ProgressBar.render(done: passed, total: all.count, width: 30, printer: printer) + "  \(passed) of \(all.count) exercises passed")
        for lesson in session.catalog.lessons {
            let records = lesson.exercises.map { session.progress.exercise($0.id) }
            let done = records.filter(\.passed).count
            let hints = records.reduce(0) { $0 + $1.hintsShown }
            let attempts = records.reduce(0) { $0 + $1.attempts }
            printer.line("\(lesson.id): \(done)/\(lesson.exercises.count) passed, \(CountedNoun.words(attempts, "attempt")), \(CountedNoun.words(hints, "hint")) used", indent: "  ")
        }
        return .keepGoing
    }
}
