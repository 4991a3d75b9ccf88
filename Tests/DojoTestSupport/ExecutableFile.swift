import Foundation
import Glibc

/// Executables that tests put in place, without "Text file busy".
///
/// Executing a file fails with ETXTBSY while any process holds it open for writing. Tests run
/// in parallel and start processes from other threads: a process forked while a test writes
/// the file inherits the write descriptor unless it is close-on-exec. Foundation's writes and
/// copies do not promise that, so these helpers write with `O_CLOEXEC`, or link.
package enum ExecutableFile {
    /// Writes a `/bin/sh` script with `body` to `url`, executable.
    package static func writeScript(_ body: String, to url: URL) throws {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        let text = "#!/bin/sh\n" + body + "\n"
        let written = text.withCString { write(descriptor, $0, strlen($0)) }
        guard written == text.utf8.count else { throw POSIXError(.EIO) }
    }

    /// Puts `source` at `destination` as a hard link (nothing is opened for writing), or as a
    /// copy when they are on different file systems.
    package static func place(_ source: URL, at destination: URL) throws {
        do {
            try FileManager.default.linkItem(at: source, to: destination)
        } catch {
            try FileManager.default.copyItem(at: source, to: destination)
        }
    }
}
