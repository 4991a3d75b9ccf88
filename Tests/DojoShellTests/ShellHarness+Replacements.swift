import DojoShell
import DojoTestSupport

extension ShellHarness {
    /// Runs the scripted lines through a new shell on the harness's fakes, with the terminal or the
    /// editor replaced, and returns what the terminal was given.
    func run(terminal: (any Terminal)? = nil, editor: (any EditorLauncher)? = nil) async -> String {
        let dependencies = ShellDependencies(
            terminal: terminal ?? self.terminal, interrupts: interrupts, editor: editor ?? self.editor,
            fileWatcher: FakeFileWatcher(changes: 0), fileSystem: fileSystem, timeSource: timeSource, catalog: catalog,
            workspace: workspace, progressStore: store, checker: .success(checker), demos: demos, clock: clock
        )
        await Shell(session: ShellSession(dependencies: dependencies, progress: try! store.read().progress)).run()
        if let screen = terminal as? FakeScreenTerminal { return screen.output }
        return self.terminal.output
    }
}
