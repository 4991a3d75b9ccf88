import DojoShell
import Foundation

/// An editor that opens nothing and records what it was asked to open.
@MainActor
package final class FakeEditor: EditorLauncher {
    package var editorCommand: String? = "fake-editor"
    package private(set) var opened: [URL] = []
    /// What the "learner" types into the file while the editor is open.
    package var edit: ((URL) throws -> Void)?

    package init() {}

    package func open(_ file: URL) throws {
        opened.append(file)
        try edit?(file)
    }
}
