import Foundation

/// Opens a file in the learner's editor and waits until it is closed.
@MainActor
package protocol EditorLauncher {
    /// The editor command that would be used, or nil when none is configured or installed.
    var editorCommand: String? { get }
    /// Why `editorCommand` was used when the learner did not choose it, and how to choose
    /// another ("no $EDITOR set; to use another: quit, export EDITOR=vim, start again"); nil when they chose it.
    var choiceNote: String? { get }
    /// Opens `file`; throws with a message for the learner when the editor cannot be started.
    func open(_ file: URL) throws
}

extension EditorLauncher {
    package var choiceNote: String? { nil }
}
