import Foundation
#if canImport(Glibc)
import Glibc
#endif

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

    /// Opens /dev/null in place of standard input, output or error when the program was
    /// started with one closed (`didojo check x 2>&-`): otherwise the first file it opens takes
    /// that number, and what it writes to standard error goes into that file (the learner's
    /// progress, say), or traps when the file is read-only. Call first thing in `main`.
    package static func keepOpen() {
        for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            // The lowest free number: this very one, as the smaller ones are open by now.
            _ = open("/dev/null", O_RDWR)
        }
    }
}
