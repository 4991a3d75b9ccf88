import Foundation

/// Opens a file in the learner's editor and waits until it is closed.
@MainActor
public protocol EditorLauncher {
    /// The editor command that would be used, or nil when none is configured.
    var editorCommand: String? { get }
    /// Opens `file`; throws with a message for the learner when the editor cannot be started.
    func open(_ file: URL) throws
}
