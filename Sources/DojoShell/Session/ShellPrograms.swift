/// The programs the shell starts for the learner, and what tells it their file changed: the
/// editor (`edit`), the file watcher (`watch`) and the lessons' example programs (`run`).
@MainActor
package struct ShellPrograms {
    package var editor: any EditorLauncher
    package var fileWatcher: any FileWatcher
    /// Starts the lessons' example programs for `run`, and says what options they take.
    package var demos: any DemoLaunching

    package init(editor: any EditorLauncher, fileWatcher: any FileWatcher, demos: any DemoLaunching) {
        self.editor = editor
        self.fileWatcher = fileWatcher
        self.demos = demos
    }
}
