/// `open <lesson>`: go to a lesson's first page.
struct OpenCommand: ShellCommand {
    typealias Context = any CommandScreen & CourseReading & LearnerMoving & ProgressKeeping

    let name = "open"
    let usage = "open <lesson>"
    let summary = "Open a lesson at its first page (by id, like 'constructor', or number)."

    func completions(arguments: [String], session: Context) -> [String] {
        arguments.isEmpty ? session.openableLessonIDs : []
    }

    func run(_ arguments: [String], session: Context) async -> CommandOutcome {
        guard let argument = arguments.first else {
            session.printer.line("Which lesson? Type 'open <lesson>', e.g. 'open \(session.catalog.lessons.first?.id ?? "no-di")'. 'lessons' lists them.")
            return .keepGoing
        }
        do {
            let lesson = try session.lesson(named: argument)
            let unasked = await session.askClassAboutLock(of: lesson)
            if session.go(to: lesson, page: 0) {
                PageView.show(session)
            } else if let unasked {
                session.printer.warning(
                    "Your class could not be asked: \(unasked.message) The lesson stays locked until your teacher's unlock reaches you; what you do is kept and delivered later.")
            }
        } catch {
            session.printer.line(error.localizedDescription)
        }
        return .keepGoing
    }
}
