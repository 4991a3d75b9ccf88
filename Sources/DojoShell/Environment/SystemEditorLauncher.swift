import ChildProcess
import DojoCore
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens files in the learner's editor, on the learner's terminal: the one named by `$VISUAL`
/// or `$EDITOR`, else the first of `sensible-editor`, `editor`, `nano` and `vi` found on the
/// `PATH`, as git and Debian's tools choose.
@MainActor
package struct SystemEditorLauncher: EditorLauncher {
    /// The editors tried, in this order, when the learner has set none: Debian's choice of
    /// the learner's editor, the system's default, then the two found almost everywhere.
    package static let fallbackEditors = ["sensible-editor", "editor", "nano", "vi"]

    private let environment: [String: String]
    private let fileManager = FileManager.default

    package init(environment: [String: String]) {
        self.environment = environment
    }

    package var editorCommand: String? {
        chosenByLearner ?? fallback?.name
    }

    package var choiceNote: String? {
        guard chosenByLearner == nil, fallback != nil else { return nil }
        return "no $EDITOR set; to use another: quit, export EDITOR=vim, start again"
    }

    /// `$VISUAL`, else `$EDITOR`, when set to something.
    private var chosenByLearner: String? {
        for name in ["VISUAL", "EDITOR"] {
            if let value = environment[name]?.trimmingCharacters(in: .whitespaces), !value.isEmpty {
                return value
            }
        }
        return nil
    }

    /// The first of `fallbackEditors` that is an executable file in a folder of `$PATH`: its
    /// name for the learner, and its path to run (found in this environment, so run as found).
    private var fallback: (name: String, path: String)? {
        let folders = (environment["PATH"] ?? "").split(separator: ":").map(String.init).filter { !$0.isEmpty }
        for name in Self.fallbackEditors {
            for folder in folders {
                var isFolder: ObjCBool = false
                let path = folder + "/" + name
                if fileManager.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
                   fileManager.isExecutableFile(atPath: path) {
                    return (name, path)
                }
            }
        }
        return nil
    }

    package func open(_ file: URL) throws {
        guard let editor = chosenByLearner ?? fallback.map({ Self.quotedForShell($0.path) }) else { return }
        // Through the shell, because editor settings often carry arguments ("code --wait").
        // The file goes in as "$1", so no path can be mistaken for shell syntax. A terminal
        // editor gets the terminal (see ForegroundProcess.runOwningTerminal); one with a window
        // of its own just runs until it is closed.
        let ending: Termination
        do {
            ending = try ForegroundProcess.runOwningTerminal(
                executable: "/bin/sh", arguments: ["-c", "\(editor) \"$1\"", "didojo-edit", file.path], terminal: STDIN_FILENO
            )
        } catch {
            throw EditorError(message: "Could not start the editor '\(editor)': \(error.localizedDescription). Check $VISUAL / $EDITOR.")
        }
        if ending == .exited(127) {
            throw EditorError(message: "The editor '\(editor)' was not found. Set $EDITOR to an installed editor, e.g. export EDITOR=nano.")
        }
        // `sh` reports a command killed by a signal as status 128 + the signal.
        var killer: Int32?
        if case .signaled(let signal) = ending { killer = signal }
        if case .exited(let status) = ending, status > 128, status < 128 + 65 { killer = status - 128 }
        if let killer {
            leaveFullScreen()
            throw EditorError(message: "The editor '\(editor)' ended before you quit it: \(Termination.signaled(killer)). Your file keeps what was last saved in it.")
        }
    }

    /// A full-screen editor that is killed cannot put the screen back: leave its alternate
    /// screen, show the cursor and reset the colours, as it would have on quitting.
    private func leaveFullScreen() {
        guard isatty(STDOUT_FILENO) == 1, environment["TERM"] != "dumb" else { return }
        StandardStreams.writeOutput("\u{1B}[?1049l\u{1B}[?25h\u{1B}[0m")
    }

    /// `text` as one word for `/bin/sh`: in single quotes, each of its own as `'\''`.
    private static func quotedForShell(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}

/// The editor could not be used; the message says what to change.
package struct EditorError: Error, LocalizedError {
    package let message: String
    package var errorDescription: String? { message }
}
