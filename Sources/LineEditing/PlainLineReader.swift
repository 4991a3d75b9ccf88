import CLibEditShim
import Foundation

import Glibc

/// Reads lines from a file descriptor without any editing, for when input is not a terminal.
///
/// No prompt is printed and nothing is remembered: this is what the shell
/// uses when a script is piped into it. Lines may end in `\n` or `\r\n`;
/// bytes that are not valid UTF-8 are replaced with U+FFFD.
package final class PlainLineReader: LineReading {
    private let fd: Int32
    /// Bytes read from the descriptor that are not yet returned as a line.
    private var pending: [UInt8] = []
    private var reachedEnd = false

    /// Reads from the file descriptor `fd` (standard input by default). The descriptor is not closed.
    package init(fd: Int32 = 0) {
        self.fd = fd
    }

    /// Reads from the descriptor of `fileHandle`, which must stay open while reading.
    package convenience init(fileHandle: FileHandle) {
        self.init(fd: fileHandle.fileDescriptor)
    }

    /// Returns the next line, ignoring `prompt`; `.endOfInput` once the input is exhausted.
    ///
    /// A last line without a newline is still returned. A read interrupted by
    /// SIGINT (with the handler from `didojo_interrupt_install`) gives `.interrupted`;
    /// any lines already buffered are kept for the next call.
    package func readLine(prompt: String) -> LineReadResult {
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                var lineBytes = pending[..<newline]
                pending.removeSubrange(...newline)
                if lineBytes.last == UInt8(ascii: "\r") {
                    lineBytes = lineBytes.dropLast()
                }
                return .line(String(decoding: lineBytes, as: UTF8.self))
            }
            if reachedEnd {
                guard !pending.isEmpty else {
                    return .endOfInput
                }
                let lineBytes = pending
                pending.removeAll()
                return .line(String(decoding: lineBytes, as: UTF8.self))
            }
            switch fill() {
            case .data:
                continue
            case .end:
                reachedEnd = true
            case .interrupted:
                // Consume the SIGINT flag so the shell does not handle this Ctrl-C twice.
                _ = didojo_interrupt_take()
                return .interrupted
            }
        }
    }

    private enum FillResult {
        case data, end, interrupted
    }

    /// Appends one chunk from the descriptor to `pending`.
    private func fill() -> FillResult {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count > 0 {
            pending.append(contentsOf: buffer[..<count])
            return .data
        }
        if count < 0 && errno == EINTR {
            return .interrupted
        }
        // End of file, or an error we cannot recover from: either way there is no more input.
        return .end
    }
}
