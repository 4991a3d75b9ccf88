/// `next`: the next page; after a lesson's exercises page, the next lesson.
struct NextCommand: ShellCommand {
    typealias Context = any CommandScreen & CourseReading & LearnerMoving & ProgressKeeping

    let name = "next"
    let usage = "next"
    let summary = "Go to the next page, then on to the next lesson."
    var details: String {
        "Shows the next page of the lesson. After the last page comes the lesson's exercises page; 'next' from there opens the next lesson."
    }

    func run(_ arguments: [String], session: Context) async -> CommandOutcome {
        guard let lesson = session.currentLesson else {
            return await ReadCommand().run([], session: session)
        }
        if session.progress.currentPage < lesson.pages.count {
            guard session.go(to: lesson, page: session.progress.currentPage + 1) else { return .keepGoing }
        } else if let following = session.catalog.lesson(after: lesson.id) {
            guard session.go(to: following, page: 0) else { return .keepGoing }
        } else {
            session.printer.line("This is the end of the last lesson. 'progress' shows what is left to pass; 'lessons' lists everything.")
            return .keepGoing
        }
        PageView.show(session)
        return .keepGoing
    }
}
