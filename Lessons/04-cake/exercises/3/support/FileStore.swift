import Foundation

/// Somewhere files can be read from, by path.
protocol FileStore {
    /// The text of the file at `path`.
    ///
    /// - Throws: when there is no such file or it cannot be read as UTF-8.
    func text(atPath path: String) throws -> String
}

/// The real disk.
struct DiskFileStore: FileStore {
    func text(atPath path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }
}

/// Files that live only in memory, for tests: nothing touches the disk.
struct InMemoryFileStore: FileStore {
    /// The files there are, by full path.
    let files: [String: String]

    func text(atPath path: String) throws -> String {
        guard let text = files[path] else { throw CocoaError(.fileReadNoSuchFile) }
        return text
    }
}
