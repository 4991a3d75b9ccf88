import Foundation

/// Opens files in the editor named by `$VISUAL` or `$EDITOR`, in the learner's terminal.
@MainActor
public struct SystemEditorLauncher: EditorLauncher {
    private let environment: [String: String]

    public init(environment: [String: String]) {
        self.environment = environment
    }

    public var editorCommand: String? {
        for name in ["VISUAL", "EDITOR"] {
            if let value = environment[name]?.trimmingCharacters(in: .whitespaces), !value.isEmpty {
                return value
            }
        }
        return nil
    }

    public func open(_ file: URL) throws {
        guard let editor = editorCommand else { return }
        // Through the shell, because editor settings often carry arguments ("code --wait").
        // The file goes in as "$1", so no path can be mistaken for shell syntax.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "\(editor) \"$1\"", "didojo-edit", file.path]
        do {
            try process.run()
        } catch {
            throw EditorError(message: "Could not start the editor '\(editor)': \(error.localizedDescription). Check $VISUAL / $EDITOR.")
        }
        process.waitUntilExit()
        if process.terminationReason == .exit, process.terminationStatus == 127 {
            throw EditorError(message: "The editor '\(editor)' was not found. Set $EDITOR to an installed editor, e.g. export EDITOR=nano.")
        }
    }
}

/// The editor could not be used; the message says what to change.
public struct EditorError: Error, LocalizedError {
    public let message: String
    public var errorDescription: String? { message }
}
