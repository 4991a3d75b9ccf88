import Foundation

/// Standard output and standard error, for messages: text written to a stream that went away
/// (its terminal closed, the reader of its pipe gone) is dropped. Foundation's
/// `FileHandle.write(_:)` traps on such an error instead, which would take a program down in
/// the middle of stopping cleanly, say after SIGHUP, when its terminal was closed.
package enum StandardStreams {
    /// Writes `text` to standard output as is.
    package static func writeOutput(_ text: String) {
        try? FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
    }

    /// Writes `text` to standard error as is.
    package static func writeError(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
    }
}
