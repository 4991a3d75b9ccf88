import DojoShell
import Foundation

/// An editor that opens nothing and records what it was asked to open.
@MainActor
public final class FakeEditor: EditorLauncher {
    public var editorCommand: String? = "fake-editor"
    public private(set) var opened: [URL] = []
    /// What the "learner" types into the file while the editor is open.
    public var edit: ((URL) throws -> Void)?

    public init() {}

    public func open(_ file: URL) throws {
        opened.append(file)
        try edit?(file)
    }
}
