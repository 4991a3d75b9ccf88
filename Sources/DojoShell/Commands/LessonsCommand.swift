import DojoCatalog
import DojoWorkspace

/// `lessons`: every lesson and exercise, with the learner's status.
struct LessonsCommand: ShellCommand {
    typealias Context = any CommandScreen & CourseReading & ProgressKeeping

    let name = "lessons"
    let usage = "lessons"
    let summary = "List all lessons and their exercises, with your status."

    func run(_ arguments: [String], session: Context) async -> CommandOutcome {
        session.paged { printer in show(session, printer: printer) }
        return .keepGoing
    }

    private func show(_ session: Context, printer: Printer) {
        if let workshop = session.workshop {
            printer.heading("Workshop: \(workshop.title)")
        }
        for (index, lesson) in session.catalog.lessons.enumerated() {
            let passed = lesson.exercises.filter { session.progress.exercise($0.id).passed }.count
            let marker = lesson.id == session.currentLesson?.id ? "▸" : " "
            printer.line("\(marker) \(index + 1). " + printer.paint(lesson.id, "\u{1b}[1m") + " — \(lesson.title)  (\(passed)/\(lesson.exercises.count) passed)" + workshopNote(for: lesson, session: session))
            for exercise in lesson.exercises {
                let status = session.progress.exercise(exercise.id).status
                printer.line("\(StatusMark.mark(status, printer: printer)) \(exercise.id)  \(exercise.title)", indent: "      ")
            }
        }
        for problem in session.catalog.problems {
            printer.warning("Not loaded: \(problem.description)")
        }
        printer.note("Open a lesson with 'open <lesson>'; pick an exercise with 'exercise <id>'.")
    }

    /// "· 🔒 after no-di" and "· 30 min" for a workshop's locked and time-boxed lessons.
    private func workshopNote(for lesson: Lesson, session: Context) -> String {
        guard let workshop = session.workshop else { return "" }
        var notes: [String] = []
        if session.lockMessage(for: lesson) != nil, let before = workshop.prerequisite(of: lesson.id) {
            notes.append("🔒 after \(before)")
        }
        if let box = workshop.plan(for: lesson.id)?.timeBox {
            notes.append("\(box.components.seconds / 60) min")
        }
        return notes.isEmpty ? "" : "  · " + notes.joined(separator: " · ")
    }
}
