import ChildProcess
import Clocks
import DojoCatalog
import DojoCore
import DojoGrading
import DojoShell
import DojoWorkspace
import Foundation
import LessonSupport
import LineEditing
import TerminalMarkdown

/// A whole shell on fakes: in-memory files, a checker with canned reports, fixed time.
@MainActor
package struct ShellHarness {
    package let fileSystem = InMemoryFileSystem()
    package let terminal: FakeTerminal
    package let interrupts = FakeInterrupts()
    package let editor = FakeEditor()
    package let demos = FakeDemoLauncher()
    package let pager = FakePager()
    package let checker: FakeChecker
    package let workspace: Workspace
    package let store: ProgressStore
    package let catalog: LessonCatalog

    /// - Parameter glossary: the text of the lessons folder's `glossary.md`; none when nil.
    package init(lines: [String] = [], lessons: [LessonFixture] = [.arithmetic(), .testWriting()], glossary: String? = nil, watcherChanges: Int = 0) throws {
        terminal = FakeTerminal(lines: lines)
        let lessonsFolder = URL(fileURLWithPath: "/lessons")
        for lesson in lessons { try lesson.write(into: lessonsFolder, fileSystem: fileSystem) }
        if let glossary { try fileSystem.write(glossary, to: lessonsFolder.appendingPathComponent(Glossary.fileName)) }
        catalog = LessonCatalog.load(from: lessonsFolder, fileSystem: fileSystem)
        workspace = Workspace(root: URL(fileURLWithPath: "/ws"), fileSystem: fileSystem, timeSource: FixedTimeSource())
        try workspace.prepare(for: catalog.allExercises)
        store = ProgressStore(file: workspace.progressFile, fileSystem: fileSystem, timeSource: FixedTimeSource())
        checker = FakeChecker(fileSystem: fileSystem)
        // A demo that echoes its options to the terminal (where a real one prints too), and
        // rejects `--bad` as a real one rejects an unknown option: with a message and status 2.
        demos.program = { [terminal] run in
            if run.arguments.contains("--bad") {
                terminal.write("Error: Unknown option '--bad'\n")
                return .exited(2)
            }
            terminal.write("echo: " + run.arguments.joined(separator: " ") + "\n")
            return .exited(0)
        }
        self.watcherChanges = watcherChanges
    }

    private let watcherChanges: Int
    /// The instructor's workshop, if the test is about one.
    package var workshop: Workshop?
    /// The live class the shell is in; none unless the test is about one.
    package var classroom: any Classroom = NoClassroom()
    /// The shell's clock; replace it with a `SettableTimeSource` to let time pass.
    package var timeSource: any TimeSource = FixedTimeSource()
    /// What the shell waits on (the spinner, `watch`): a test clock, so no test waits.
    package let clock = TestClock()

    package func makeShell() -> Shell {
        let course = workshop.map { try! $0.arrange(catalog) } ?? catalog
        let dependencies = ShellDependencies(
            console: ShellConsole(terminal: terminal, interrupts: interrupts, clock: clock, pager: pager),
            programs: ShellPrograms(editor: editor, fileWatcher: FakeFileWatcher(changes: watcherChanges), demos: demos),
            course: ShellCourse(catalog: course, workshop: workshop, fileSystem: fileSystem),
            records: records, classroom: classroom, checker: makeChecker()
        )
        return Shell(session: ShellSession(dependencies: dependencies, progress: try! store.read().progress))
    }

    /// How many times the shell has made its checker (the live one lists the build folder and
    /// searches for the compiler, which the first prompt must not wait for).
    package var checkersMade: Int { checkerCount.count }
    private let checkerCount = Counter()

    private func makeChecker() -> Result<any ExerciseChecker, DojoError> {
        checkerCount.count += 1
        return .success(checker)
    }

    /// Runs the scripted lines through a new shell and returns what it wrote.
    package func run() async -> String {
        await makeShell().run()
        return terminal.output
    }

    package var progress: LearnerProgress { try! store.read().progress }

    /// The learner's records on the harness's fakes.
    package var records: LearnerRecords {
        LearnerRecords(workspace: workspace, progressStore: store, fileSystem: fileSystem, timeSource: timeSource)
    }
}

/// A count a value type can keep while being copied (the harness is a struct).
@MainActor
private final class Counter {
    var count = 0
}
