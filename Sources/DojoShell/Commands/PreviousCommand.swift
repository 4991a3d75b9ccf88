/// `prev`: the previous page; before a lesson's first page, the previous lesson's last.
struct PreviousCommand: ShellCommand {
    typealias Context = any CommandScreen & CourseReading & LearnerMoving & ProgressKeeping

    let name = "prev"
    let usage = "prev"
    let summary = "Go back one page (into the previous lesson from a first page)."

    func run(_ arguments: [String], session: Context) async -> CommandOutcome {
        guard let lesson = session.currentLesson else {
            return await ReadCommand().run([], session: session)
        }
        if session.progress.currentPage > 0 {
            guard session.go(to: lesson, page: session.progress.currentPage - 1) else { return .keepGoing }
        } else if let previous = session.catalog.lesson(before: lesson.id) {
            guard session.go(to: previous, page: previous.pages.count) else { return .keepGoing }
        } else {
            session.printer.line("This is the first page of the first lesson.")
            return .keepGoing
        }
        PageView.show(session)
        return .keepGoing
    }
}
