import DojoCore
import Foundation

/// A file system held in memory, for tests that must not touch the disk.
package final class InMemoryFileSystem: FileSystem, @unchecked Sendable {
    // All state is guarded by `lock`, which makes the `@unchecked Sendable` safe.
    private let lock = NSLock()
    private var files: [String: Data] = [:]
    private var modified: [String: Date] = [:]
    private var folders: Set<String> = ["/"]
    /// Paths whose writes fail, to test how errors are reported.
    package var unwritablePaths: Set<String> = []

    /// Stands for the progress lock of the real file system: one holder at a time.
    private let exclusiveLock = NSLock()

    package init() {}

    package func makePrivateFolder(in parent: URL, prefix: String) throws -> URL {
        let folder = parent.appendingPathComponent(prefix + UUID().uuidString)
        try createDirectory(at: folder)
        return folder
    }

    package func withExclusiveLock<Result>(on lockFile: URL, _ body: () throws -> Result) throws -> Result {
        try exclusiveLock.withLock(body)
    }

    private func key(_ url: URL) -> String { url.standardizedFileURL.path }

    package func fileExists(at url: URL) -> Bool { lock.withLock { files[key(url)] != nil } }
    package func directoryExists(at url: URL) -> Bool { lock.withLock { folders.contains(key(url)) } }

    package func contents(of url: URL) throws -> Data {
        try lock.withLock {
            guard let data = files[key(url)] else { throw CocoaError(.fileReadNoSuchFile) }
            return data
        }
    }

    package func write(_ data: Data, to url: URL) throws {
        if unwritablePaths.contains(key(url)) { throw CocoaError(.fileWriteNoPermission) }
        try createDirectory(at: url.deletingLastPathComponent())
        lock.withLock {
            files[key(url)] = data
            modified[key(url)] = Date()
        }
    }

    /// The files written with `writePrivately` and the folders made with
    /// `createPrivateDirectory`, for tests of what is kept private.
    package var privatePaths: Set<String> { lock.withLock { privates } }
    private var privates: Set<String> = []

    package func writePrivately(_ data: Data, to url: URL) throws {
        try write(data, to: url)
        lock.withLock { _ = privates.insert(key(url)) }
    }

    package func createPrivateDirectory(at url: URL) throws {
        try createDirectory(at: url)
        lock.withLock { _ = privates.insert(key(url)) }
    }

    package func createDirectory(at url: URL) throws {
        lock.withLock {
            var path = key(url)
            while path != "/" && !path.isEmpty {
                folders.insert(path)
                path = (path as NSString).deletingLastPathComponent
            }
        }
    }

    package func contentsOfDirectory(at url: URL) throws -> [URL] {
        try lock.withLock {
            let folder = key(url)
            guard folders.contains(folder) else { throw CocoaError(.fileReadNoSuchFile) }
            let prefix = folder == "/" ? "/" : folder + "/"
            let children = Set((Array(files.keys) + Array(folders)).compactMap { path -> String? in
                guard path.hasPrefix(prefix), path != folder else { return nil }
                let rest = path.dropFirst(prefix.count)
                guard let name = rest.split(separator: "/").first, !name.hasPrefix(".") else { return nil }
                return prefix + name
            })
            return children.sorted().map { URL(fileURLWithPath: $0) }
        }
    }

    package func copyItem(at source: URL, to destination: URL) throws {
        if fileExists(at: destination) { throw CocoaError(.fileWriteFileExists) }
        try write(try contents(of: source), to: destination)
    }

    package func moveItem(at source: URL, to destination: URL) throws {
        if fileExists(at: destination) || directoryExists(at: destination) { throw CocoaError(.fileWriteFileExists) }
        guard directoryExists(at: source) else {
            try write(try contents(of: source), to: destination)
            try removeItem(at: source)
            return
        }
        // A folder moves with everything in it, as rename(2) does.
        try createDirectory(at: destination.deletingLastPathComponent())
        lock.withLock {
            let from = key(source), to = key(destination)
            func moved(_ path: String) -> String { path == from ? to : to + path.dropFirst(from.count) }
            let inside = { (path: String) in path == from || path.hasPrefix(from + "/") }
            files = Dictionary(uniqueKeysWithValues: files.map { (inside($0.key) ? moved($0.key) : $0.key, $0.value) })
            modified = Dictionary(uniqueKeysWithValues: modified.map { (inside($0.key) ? moved($0.key) : $0.key, $0.value) })
            folders = Set(folders.map { inside($0) ? moved($0) : $0 })
        }
    }

    package func removeItem(at url: URL) throws {
        lock.withLock {
            let path = key(url)
            files = files.filter { $0.key != path && !$0.key.hasPrefix(path + "/") }
            folders = folders.filter { $0 != path && !$0.hasPrefix(path + "/") }
        }
    }

    package func modificationDate(of url: URL) -> Date? { lock.withLock { modified[key(url)] } }

    package func setModificationDate(_ date: Date, of url: URL) throws {
        guard fileExists(at: url) || directoryExists(at: url) else { throw CocoaError(.fileNoSuchFile) }
        lock.withLock { modified[key(url)] = date }
    }

    /// Every file path, sorted: handy in assertions.
    package var allFiles: [String] { lock.withLock { files.keys.sorted() } }
}
