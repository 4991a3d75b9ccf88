import Glibc

/// The compiler's plugin protocol on a pair of file descriptors: each message is its length
/// (8 bytes, little-endian) followed by that many bytes of JSON.
struct MessageChannel {
    let input: Int32
    let output: Int32

    /// The next message, or nil when the session is over: at the end of the input, at an
    /// empty message (which the compiler sends to say it is done), or on an error.
    func read() -> [UInt8]? {
        guard let header = readExactly(8) else { return nil }
        let length = Self.length(inHeader: header[...])
        // A plugin message is kilobytes; anything near this is not a message.
        guard length > 0, length < 1 << 30 else { return nil }
        return readExactly(length)
    }

    /// Sends one message; false when the other side is gone.
    func write(_ message: [UInt8]) -> Bool {
        Self.writeAll(Self.header(forLength: message.count) + message, to: output)
    }

    /// Whether `message` is the compiler's capability question, which opens every session.
    static func isHandshake(_ message: [UInt8]) -> Bool {
        message.starts(with: Array(#"{"getCapability""#.utf8))
    }

    /// A length as the protocol writes it: 8 bytes, little-endian.
    static func header(forLength length: Int) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: UInt64(length) >> (8 * UInt64($0))) }
    }

    /// The length in the first 8 bytes of `bytes`.
    static func length(inHeader bytes: ArraySlice<UInt8>) -> Int {
        bytes.prefix(8).enumerated().reduce(0) { length, byte in length | Int(byte.element) << (8 * byte.offset) }
    }

    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var done = 0
        while done < bytes.count {
            let wrote = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + done, bytes.count - done)
            }
            if wrote < 0, errno == EINTR { continue }
            guard wrote > 0 else { return false }
            done += wrote
        }
        return true
    }

    private func readExactly(_ count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(input, buffer.baseAddress! + done, count - done)
            }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { return nil }
            done += got
        }
        return bytes
    }
}
