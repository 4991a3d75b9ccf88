import DojoCore
import LessonSupport

/// `run [options]`: run the current lesson's runnable module.
struct RunCommand: ShellCommand {
    let name = "run"
    let usage = "run [options]"
    let summary = "Run the current lesson's example program (options depend on the lesson)."

    func completions(arguments: [String], session: ShellSession) -> [String] {
        guard let lesson = session.currentLesson, let demo = session.dependencies.demos[lesson.id] else { return [] }
        return demo.flags
    }

    func run(_ arguments: [String], session: ShellSession) async -> CommandOutcome {
        let printer = session.printer
        guard let lesson = session.currentLesson ?? session.catalog.lessons.first else {
            printer.line("Open a lesson first ('open <lesson>').")
            return .keepGoing
        }
        guard let demo = session.dependencies.demos[lesson.id] else {
            printer.line("The lesson \(lesson.id) has no program to run.")
            return .keepGoing
        }
        DemoRunner.run(demo, arguments: arguments, workspace: session.workspace.root) { session.terminal.write($0) }
        return .keepGoing
    }
}
