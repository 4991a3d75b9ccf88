/// The programs a command starts for the learner: the editor, the file watcher, the lessons'
/// example programs.
@MainActor
protocol ProgramStarting: AnyObject {
    var programs: ShellPrograms { get }
}
