import ChildProcess
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The learner's pager, as git chooses it: `$DIDOJO_PAGER`, else `$PAGER`, else `less -R -F -X`
/// (colours shown, quits at once when the text fits, leaves the text on the screen). A choice
/// of `cat` or of nothing means no pager.
@MainActor
package struct SystemPager: Pager {
    /// The pager used when the learner has chosen none.
    package static let defaultCommand = "less -R -F -X"

    private let environment: [String: String]

    package init(environment: [String: String]) {
        self.environment = environment
    }

    /// The shell command that runs the pager, or nil for none.
    package var command: String? {
        for name in ["DIDOJO_PAGER", "PAGER"] {
            if let value = environment[name] {
                let chosen = value.trimmingCharacters(in: .whitespaces)
                return chosen.isEmpty || chosen == "cat" ? nil : chosen
            }
        }
        return isOnPath("less") ? Self.defaultCommand : nil
    }

    package var isAvailable: Bool { command != nil }

    package func page(_ text: String) throws {
        guard let command else { return }
        let input = try Self.unlinkedFile(holding: text)
        defer { close(input) }
        // Through the shell, because a pager setting often carries arguments. `less` chosen by
        // the learner gets git's options unless they set their own in $LESS.
        let script = #"LESS="${LESS-FRX}"; export LESS; "# + command
        let ending: Termination
        do {
            // The text is its standard input; its keys come from the terminal, which it gets
            // as an editor does (see ForegroundProcess.runOwningTerminal).
            ending = try ForegroundProcess.runOwningTerminal(
                executable: "/bin/sh", arguments: ["-c", script, "didojo-pager"], terminal: STDOUT_FILENO, standardInput: input
            )
        } catch {
            throw PagerError(message: "Could not start the pager '\(command)': \(error.localizedDescription).")
        }
        if ending == .exited(127) {
            throw PagerError(message: "The pager '\(command)' was not found: set $PAGER to an installed one (or 'pager off').")
        }
    }

    /// A file with `text` in it, already deleted (nothing is left behind, whatever happens),
    /// open for reading from its start and closed on exec in the caller.
    private static func unlinkedFile(holding text: String) throws -> Int32 {
        let folder = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((folder + "/didojo-page-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw PagerError(message: "Could not make a file for the pager in \(folder): \(String(cString: strerror(errno))).")
        }
        // The pager gets it as its standard input; no other program started from here may.
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        unlink(template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let reason = String(cString: strerror(errno))
                close(fd)
                throw PagerError(message: "Could not write the text for the pager: \(reason).")
            }
            written += count
        }
        lseek(fd, 0, SEEK_SET)
        return fd
    }

    private func isOnPath(_ name: String) -> Bool {
        (environment["PATH"] ?? "").split(separator: ":").contains { folder in
            FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)")
        }
    }
}

/// The pager could not be used; the message says what to change.
package struct PagerError: Error, LocalizedError {
    package let message: String
    package var errorDescription: String? { message }
}
