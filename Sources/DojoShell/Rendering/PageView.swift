import DojoCatalog
import TerminalMarkdown

/// Shows the current page of the current lesson, or the lesson's exercises page after the last.
@MainActor
enum PageView {
    /// Through the pager when taller than the screen (see `ShellSession.paged`).
    static func show(_ session: any CommandScreen & CourseReading & ProgressKeeping) {
        guard let lesson = session.currentLesson else { return }
        let page = session.progress.currentPage
        session.paged { printer in
            if page < lesson.pages.count {
                printer.note("\(lesson.id) · page \(page + 1) of \(lesson.pages.count)")
                printer.markdown(lesson.pages[page].markdown)
                let following = page + 1 < lesson.pages.count ? "next page" : "the exercises"
                printer.note("'next' for \(following) · 'prev' to go back · 'help' for all commands")
            } else {
                showExercises(of: lesson, session: session)
            }
        }
    }

    static func showExercises(of lesson: Lesson, session: any CommandScreen & CourseReading & ProgressKeeping) {
        let printer = session.printer
        printer.heading("Exercises of \(lesson.id): \(lesson.title)")
        printer.line()
        for exercise in lesson.exercises {
            let status = session.progress.exercise(exercise.id).status
            printer.line("\(StatusMark.mark(status, printer: printer)) \(exercise.id)  \(exercise.title)", indent: "  ")
        }
        printer.line()
        let nextLesson = session.catalog.lesson(after: lesson.id).map { " 'next' opens the next lesson, \($0.id)." } ?? ""
        printer.line("'exercise' shows the task of the current one, 'exercise <id>' picks another; then 'edit' and 'check'.\(nextLesson)")
    }
}
