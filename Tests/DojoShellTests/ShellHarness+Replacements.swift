import DojoShell
import DojoTestSupport
import DojoWorkspace

extension ShellHarness {
    /// Runs the scripted lines through a new shell on the harness's fakes, with the terminal or the
    /// editor replaced, and returns what the terminal was given.
    func run(terminal: (any Terminal)? = nil, editor: (any EditorLauncher)? = nil) async -> String {
        let dependencies = ShellDependencies(
            console: ShellConsole(terminal: terminal ?? self.terminal, interrupts: interrupts, clock: clock),
            programs: ShellPrograms(editor: editor ?? self.editor, fileWatcher: FakeFileWatcher(changes: 0), demos: demos),
            course: ShellCourse(catalog: catalog, fileSystem: fileSystem), records: records, checker: .success(checker)
        )
        await Shell(session: ShellSession(dependencies: dependencies, progress: try! store.read().progress)).run()
        if let screen = terminal as? FakeScreenTerminal { return screen.output }
        return self.terminal.output
    }
}
