import ChildProcess
import ClassProtocol
import LessonSupport

/// `run [options]`: run the current lesson's example program.
struct RunCommand: ShellCommand {
    typealias Context = any CommandScreen & CourseReading & LearnerFiles & ClassroomReaching & TimeTelling & ProgramStarting

    let name = "run"
    let usage = "run [options]"
    let summary = "Run the current lesson's example program (options depend on the lesson)."
    let details = """
    Runs the open lesson's example program with the options you give ('help run' lists them \
    while a lesson is open). It prints straight to this terminal; Ctrl-C stops it and brings \
    you back here.
    """

    func completions(arguments: [String], session: Context) -> [String] {
        guard let lesson = session.currentLesson else { return [] }
        // The first Tab after `run` starts the demos executable once to ask; nothing to offer
        // when it cannot answer (the learner sees why on `run` itself).
        return (try? Self.description(of: lesson.id, demos: session.programs.demos))??.flags ?? []
    }

    func run(_ arguments: [String], session: Context) async -> CommandOutcome {
        let printer = session.printer
        guard let lesson = session.currentLesson ?? session.catalog.lessons.first else {
            printer.line("Open a lesson first ('open <lesson>').")
            return .keepGoing
        }
        session.classroom.record(ClassEvent(kind: .run, time: session.timeSource.now(), lessonID: lesson.id))
        do {
            // A Ctrl-C while it runs reaches the demo and the shell alike; the shell only
            // notes it (its SIGINT handler), and `Shell.execute` drops that note before the
            // next command, so the demo stops and the shell goes on.
            let ending = try session.programs.demos.run(lessonID: lesson.id, arguments: arguments, workspace: session.workspace.root)
            if let report = ending.demoReport {
                printer.line(report)
            }
        } catch {
            printer.line(error.localizedDescription)
        }
        return .keepGoing
    }

    /// The description of `lessonID`'s demo; nil when that lesson has none.
    @MainActor
    static func description(of lessonID: String, demos: any DemoLaunching) throws -> DemoDescription? {
        try demos.descriptions().first { $0.lessonID == lessonID }
    }
}
