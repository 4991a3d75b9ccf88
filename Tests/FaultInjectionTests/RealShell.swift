import DojoCatalog
import DojoCore
import DojoShell
import DojoTestSupport
import DojoWorkspace
import ExerciseChecking
import Foundation
import Testing

/// The shell as a learner uses it, with only the terminal faked: the repository's lessons, a
/// workspace on disk, and the real checker (swiftc, the lesson library, the child-process
/// limits). What it prints is read back one typed line at a time.
@MainActor
final class RealShell {
    let folder: TemporaryFolder
    let terminal = FakeTerminal()
    let workspace: Workspace
    let shell: Shell

    /// - Parameter settings: the checker's limits; tests of a hang use a short timeout.
    init(settings: CheckSettings) throws {
        folder = try TemporaryFolder("faults")
        let fileSystem = LocalFileSystem()
        let catalog = LessonCatalog.load(from: Didojo.lessonsFolder, fileSystem: fileSystem)
        workspace = Workspace(root: folder.url.appendingPathComponent("workspace"), fileSystem: fileSystem, timeSource: SystemTimeSource())
        try workspace.prepare(for: catalog.allExercises)
        let store = ProgressStore(file: workspace.progressFile, fileSystem: fileSystem, timeSource: SystemTimeSource())
        let checker = try RealChecker.make(settings: settings, scratch: folder.url.appendingPathComponent("scratch"))
        let dependencies = ShellDependencies(
            console: ShellConsole(terminal: terminal, interrupts: FakeInterrupts(), clock: ContinuousClock()),
            programs: ShellPrograms(editor: FakeEditor(), fileWatcher: FakeFileWatcher(changes: 0), demos: FakeDemoLauncher()),
            course: ShellCourse(catalog: catalog, fileSystem: fileSystem),
            records: LearnerRecords(workspace: workspace, progressStore: store, fileSystem: fileSystem, timeSource: SystemTimeSource()),
            checker: .success(checker)
        )
        shell = Shell(session: ShellSession(dependencies: dependencies, progress: try store.read().progress))
    }

    /// The learner's file for an exercise, e.g. `no-di.1`.
    func file(of exerciseID: String) throws -> URL {
        let exercise = try #require(shell.session.catalog.exercise(id: exerciseID))
        return workspace.file(for: exercise)
    }

    /// Types one line and returns what the shell printed for it.
    func type(_ line: String) async -> String {
        let before = terminal.output.endIndex
        _ = await shell.execute(line)
        return String(terminal.output[before...])
    }

    deinit {
        folder.remove()
    }
}
