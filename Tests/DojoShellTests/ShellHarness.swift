import ChildProcess
import DojoCore
import DojoShell
import DojoTestSupport
import Foundation
import LessonSupport
import LineEditing
import TerminalMarkdown

/// A terminal that reads scripted lines and keeps everything written.
@MainActor
final class FakeTerminal: Terminal {
    var lines: [String]
    var output = ""
    var isInteractive: Bool
    // Wide enough that no message the tests look for is wrapped.
    var style = TextStyle(useColor: false, width: 200)
    private(set) var closed = false

    init(lines: [String] = [], isInteractive: Bool = false) {
        self.lines = lines
        self.isInteractive = isInteractive
    }

    func readLine(prompt: String) -> LineReadResult {
        guard !lines.isEmpty else { return .endOfInput }
        let line = lines.removeFirst()
        return line == "^C" ? .interrupted : .line(line)
    }

    func write(_ text: String) { output += text }
    func close() { closed = true }
}

/// Ctrl-C as the tests press it.
final class FakeInterrupts: InterruptSource, @unchecked Sendable {
    // Guarded by `lock`, hence the `@unchecked Sendable`.
    private let lock = NSLock()
    private var pending = 0

    func press() { lock.withLock { pending += 1 } }

    func takeInterrupt() -> Bool {
        lock.withLock {
            guard pending > 0 else { return false }
            pending -= 1
            return true
        }
    }
}

@MainActor
final class FakeEditor: EditorLauncher {
    var editorCommand: String? = "fake-editor"
    private(set) var opened: [URL] = []
    /// What the "learner" types into the file while the editor is open.
    var edit: ((URL) throws -> Void)?

    func open(_ file: URL) throws {
        opened.append(file)
        try edit?(file)
    }
}

/// Reports a change as many times as scripted, then "Ctrl-C".
final class FakeFileWatcher: FileWatcher, @unchecked Sendable {
    // Guarded by `lock`, hence the `@unchecked Sendable`.
    private let lock = NSLock()
    private var changes: Int

    init(changes: Int) { self.changes = changes }

    func waitForChange(of file: URL, shouldStop: @escaping @Sendable () -> Bool) async -> Bool {
        lock.withLock {
            guard changes > 0 else { return false }
            changes -= 1
            return true
        }
    }
}

/// A demo that records what it was asked to do.
enum EchoDemo: LessonDemo {
    static let lessonID = "arithmetic"
    static let flags = ["--loud", "--times"]
    static let usage = "--loud     shout\n--times N  repeat"

    static func run(arguments: [String], context: DemoContext) throws {
        if arguments.contains("--bad") { throw DemoUsageError(message: "Error: Unknown option '--bad'") }
        context.print("echo: " + arguments.joined(separator: " "))
    }
}

/// A whole shell on fakes: in-memory files, scripted compiler, fixed clock.
@MainActor
struct ShellHarness {
    let fileSystem = InMemoryFileSystem()
    let terminal: FakeTerminal
    let interrupts = FakeInterrupts()
    let editor = FakeEditor()
    let launcher: ScriptedLauncher
    let workspace: Workspace
    let store: ProgressStore
    let catalog: LessonCatalog

    init(lines: [String] = [], lessons: [LessonFixture] = [.arithmetic(), .testWriting()], watcherChanges: Int = 0) throws {
        terminal = FakeTerminal(lines: lines)
        let lessonsFolder = URL(fileURLWithPath: "/lessons")
        for lesson in lessons { try lesson.write(into: lessonsFolder, fileSystem: fileSystem) }
        catalog = LessonCatalog.load(from: lessonsFolder, fileSystem: fileSystem)
        workspace = Workspace(root: URL(fileURLWithPath: "/ws"), fileSystem: fileSystem, timeSource: FixedTimeSource())
        try workspace.prepare(for: catalog.allExercises)
        store = ProgressStore(file: workspace.progressFile, fileSystem: fileSystem, timeSource: FixedTimeSource())
        launcher = ScriptedLauncher(fileSystem: fileSystem)
        self.watcherChanges = watcherChanges
    }

    private let watcherChanges: Int
    /// The instructor's workshop, if the test is about one.
    var workshop: Workshop?
    /// The shell's clock; replace it with a `SettableTimeSource` to let time pass.
    var timeSource: any TimeSource = FixedTimeSource()

    func makeShell() -> Shell {
        let checker = ExerciseChecker(
            toolchain: Toolchain(swiftc: URL(fileURLWithPath: "/toolchain/swiftc")),
            products: BuildProducts(modulesFolder: URL(fileURLWithPath: "/build/Modules"), libraryFolder: URL(fileURLWithPath: "/build")),
            launcher: launcher, fileSystem: fileSystem, scratchFolder: URL(fileURLWithPath: "/tmp"),
            moduleCache: URL(fileURLWithPath: "/cache"), environment: [:]
        )
        let dependencies = ShellDependencies(
            terminal: terminal, interrupts: interrupts, editor: editor, fileWatcher: FakeFileWatcher(changes: watcherChanges),
            fileSystem: fileSystem, timeSource: timeSource, catalog: workshop.map { try! $0.arrange(catalog) } ?? catalog,
            workspace: workspace, progressStore: store, checker: .success(checker), demos: [EchoDemo.self], workshop: workshop
        )
        return Shell(session: ShellSession(dependencies: dependencies, progress: store.load().progress))
    }

    /// Runs the scripted lines through a new shell and returns what it wrote.
    func run() async -> String {
        await makeShell().run()
        return terminal.output
    }

    var progress: LearnerProgress { store.load().progress }
}
