/// One replacement in a source text: the UTF-8 bytes `start..<end` become `replacement`.
struct SourceEdit: Sendable, Equatable {
    let start: Int
    let end: Int
    let replacement: String

    /// `text` with every edit made (the edits must not overlap).
    static func apply(_ edits: [SourceEdit], to text: String) -> String {
        var bytes = Array(text.utf8)
        for edit in edits.sorted(by: { $0.start > $1.start }) {
            bytes.replaceSubrange(edit.start..<edit.end, with: Array(edit.replacement.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
