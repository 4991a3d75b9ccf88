import Foundation
import Glibc

/// The one line a lock file holds about who holds the lock ("didojo process 1234"), for the
/// message the next taker shows. The lock itself is the kernel's (`flock`): the note only
/// says who, and failing to write it changes nothing.
package enum LockHolderNote {
    /// Makes `text` (one line) the whole of the file open at `descriptor`.
    ///
    /// Written over the old note, then cut to its length: not cut to nothing first, which on
    /// ext4 made closing the file start writing it out (its guard for files replaced by
    /// truncation), 3 ms at every start of the shell and every check's record. A note that
    /// could not be written whole (a full disk) leaves the file empty, never naming an old holder.
    package static func write(_ text: String, to descriptor: Int32) {
        let bytes = Array((text + "\n").utf8)
        let written = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        _ = ftruncate(descriptor, written == bytes.count ? off_t(bytes.count) : 0)
    }

    /// The note of the file open at `descriptor`: its first line, trimmed; nil when there is none.
    package static func read(from descriptor: Int32) -> String? {
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let line = buffer[..<count].split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).first ?? []
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? nil : text
    }
}
