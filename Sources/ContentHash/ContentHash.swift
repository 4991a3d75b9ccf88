/// A short, stable name for some bytes: FNV-1a, 64 bits, in hex.
///
/// Used to name cache entries on disk (compiled steps, macro expansions). Not for security:
/// every user confirms a match against the whole of what was hashed, so a collision can never
/// hand back the wrong entry.
public enum ContentHash {
    public static func hex(of bytes: some Sequence<UInt8>) -> String {
        // Bytes in one piece (Data, an array, a string's UTF-8) are hashed straight from memory:
        // this function is generic and called from other modules, unspecialised, so going
        // through the sequence's iterator costs a call through its witness table per byte, which
        // made hashing a lesson's cache key a tenth of loading the lesson.
        let value = bytes.withContiguousStorageIfAvailable(hash(of:)) ?? hash(of: bytes)
        return String(value, radix: 16)
    }

    private static func hash(of bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
