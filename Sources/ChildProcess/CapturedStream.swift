/// The kept part of one output stream, plus a count of the bytes that did not fit.
///
/// The launcher keeps reading after the limit is reached (and throws the bytes
/// away) so the child never blocks on a full pipe and can finish normally.
struct CapturedStream {
    /// How many bytes to keep at most.
    let limit: Int
    /// The bytes kept so far, at most `limit` of them.
    private(set) var bytes: [UInt8] = []
    /// How many bytes were read after the limit was reached.
    private(set) var droppedByteCount = 0

    init(limit: Int) {
        self.limit = max(0, limit)
    }

    /// Keeps as much of `chunk` as still fits and counts the rest as dropped.
    mutating func append(_ chunk: UnsafeRawBufferPointer) {
        let room = limit - bytes.count
        let kept = min(room, chunk.count)
        if kept > 0 {
            bytes.append(contentsOf: chunk.prefix(kept))
        }
        droppedByteCount += chunk.count - kept
    }

    /// The kept bytes as text; invalid UTF-8 (including a character cut in half
    /// at the limit) becomes U+FFFD instead of failing.
    var text: String {
        String(decoding: bytes, as: UTF8.self)
    }
}
