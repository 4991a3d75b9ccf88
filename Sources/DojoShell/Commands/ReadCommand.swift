/// `read`: show the current page again (or start the first lesson).
struct ReadCommand: ShellCommand {
    typealias Context = any CommandScreen & CourseReading & LearnerMoving & ProgressKeeping

    let name = "read"
    let usage = "read"
    let summary = "Show the current page of the lesson (starts lesson 1 if none is open)."

    func run(_ arguments: [String], session: Context) async -> CommandOutcome {
        if session.currentLesson == nil {
            guard let first = session.catalog.lessons.first else {
                session.printer.line("No lessons are loaded. Check the messages printed at start-up.")
                return .keepGoing
            }
            session.go(to: first, page: 0)
        }
        PageView.show(session)
        return .keepGoing
    }
}
