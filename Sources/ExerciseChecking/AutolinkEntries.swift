import Foundation

/// The libraries a Swift object file asks to be linked with: its `.swift1_autolink_entries`
/// ELF section, NUL-separated `-l…` words, which `swift-autolink-extract` gathers for the
/// linker. Read only to tell whether that tool's last answer still holds (see
/// `AutolinkExtraction`).
enum AutolinkEntries {
    static let sectionName = ".swift1_autolink_entries"

    /// One object's entries, in the order the section holds them: empty when it has no such
    /// section, nil when it is not a 64-bit little-endian ELF file this reader understands.
    static func entries(inObject data: Data) -> [String]? {
        let bytes = [UInt8](data)
        func integer(at offset: Int, size: Int) -> Int? {
            guard offset >= 0, size <= 8, offset + size <= bytes.count else { return nil }
            var value: UInt64 = 0
            for index in (0..<size).reversed() {
                value = value << 8 | UInt64(bytes[offset + index])
            }
            return value > UInt64(Int.max) ? nil : Int(value)
        }
        // ELF magic, 64-bit class, little-endian data.
        guard bytes.count >= 64, bytes[0..<4] == [0x7F, 0x45, 0x4C, 0x46], bytes[4] == 2, bytes[5] == 1,
              let tableOffset = integer(at: 0x28, size: 8), let entrySize = integer(at: 0x3A, size: 2),
              let count = integer(at: 0x3C, size: 2), let namesIndex = integer(at: 0x3E, size: 2),
              entrySize >= 64, namesIndex < count else { return nil }
        func section(_ index: Int) -> (name: Int, offset: Int, size: Int)? {
            let header = tableOffset + index * entrySize
            guard let name = integer(at: header, size: 4), let offset = integer(at: header + 0x18, size: 8),
                  let size = integer(at: header + 0x20, size: 8), offset + size <= bytes.count else { return nil }
            return (name, offset, size)
        }
        guard let names = section(namesIndex) else { return nil }
        for index in 0..<count {
            guard let candidate = section(index) else { return nil }
            let nameStart = names.offset + candidate.name
            guard nameStart < names.offset + names.size else { return nil }
            let nameEnd = bytes[nameStart..<(names.offset + names.size)].firstIndex(of: 0) ?? names.offset + names.size
            guard String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self) == sectionName else { continue }
            return bytes[candidate.offset..<(candidate.offset + candidate.size)]
                .split(separator: 0)
                .map { String(decoding: $0, as: UTF8.self) }
        }
        return []
    }
}
