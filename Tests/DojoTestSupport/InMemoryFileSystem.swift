import DojoCore
import Foundation
import Synchronization

/// A file system held in memory, for tests that must not touch the disk.
package final class InMemoryFileSystem: FileSystem, Sendable {
    /// Everything the file system holds, behind one lock: tests write from several tasks.
    private struct State {
        var files: [String: Data] = [:]
        var modified: [String: Date] = [:]
        var folders: Set<String> = ["/"]
        var unwritablePaths: Set<String> = []
        var privates: Set<String> = []
    }

    private let state = Mutex(State())

    /// Paths whose writes fail, to test how errors are reported.
    package var unwritablePaths: Set<String> {
        get { state.withLock { $0.unwritablePaths } }
        set { state.withLock { $0.unwritablePaths = newValue } }
    }

    /// Stands for the progress lock of the real file system: one holder at a time.
    private let exclusiveLock = Mutex(())

    package init() {}

    package func makePrivateFolder(in parent: URL, prefix: String) throws -> URL {
        let folder = parent.appendingPathComponent(prefix + UUID().uuidString)
        try createDirectory(at: folder)
        return folder
    }

    package func withExclusiveLock<Result>(on lockFile: URL, _ body: () throws -> Result) throws -> Result {
        try exclusiveLock.withLock { _ in try body() }
    }

    private func key(_ url: URL) -> String { url.standardizedFileURL.path }

    package func fileExists(at url: URL) -> Bool { state.withLock { $0.files[key(url)] != nil } }
    package func directoryExists(at url: URL) -> Bool { state.withLock { $0.folders.contains(key(url)) } }

    package func contents(of url: URL) throws -> Data {
        try state.withLock { state in
            guard let data = state.files[key(url)] else { throw CocoaError(.fileReadNoSuchFile) }
            return data
        }
    }

    package func write(_ data: Data, to url: URL) throws {
        if unwritablePaths.contains(key(url)) { throw CocoaError(.fileWriteNoPermission) }
        try createDirectory(at: url.deletingLastPathComponent())
        state.withLock { state in
            state.files[key(url)] = data
            state.modified[key(url)] = Date()
        }
    }

    /// The files written with `writePrivately` and the folders made with
    /// `createPrivateDirectory`, for tests of what is kept private.
    package var privatePaths: Set<String> { state.withLock { $0.privates } }

    package func writePrivately(_ data: Data, to url: URL) throws {
        try write(data, to: url)
        state.withLock { _ = $0.privates.insert(key(url)) }
    }

    package func createPrivateDirectory(at url: URL) throws {
        try createDirectory(at: url)
        state.withLock { _ = $0.privates.insert(key(url)) }
    }

    package func createDirectory(at url: URL) throws {
        state.withLock { state in
            var path = key(url)
            while path != "/" && !path.isEmpty {
                state.folders.insert(path)
                path = (path as NSString).deletingLastPathComponent
            }
        }
    }

    package func contentsOfDirectory(at url: URL) throws -> [URL] {
        try state.withLock { state in
            let folder = key(url)
            guard state.folders.contains(folder) else { throw CocoaError(.fileReadNoSuchFile) }
            let prefix = folder == "/" ? "/" : folder + "/"
            let children = Set((Array(state.files.keys) + Array(state.folders)).compactMap { path -> String? in
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
        state.withLock { state in
            let from = key(source), to = key(destination)
            func moved(_ path: String) -> String { path == from ? to : to + path.dropFirst(from.count) }
            let inside = { (path: String) in path == from || path.hasPrefix(from + "/") }
            state.files = Dictionary(uniqueKeysWithValues: state.files.map { (inside($0.key) ? moved($0.key) : $0.key, $0.value) })
            state.modified = Dictionary(uniqueKeysWithValues: state.modified.map { (inside($0.key) ? moved($0.key) : $0.key, $0.value) })
            state.folders = Set(state.folders.map { inside($0) ? moved($0) : $0 })
        }
    }

    package func removeItem(at url: URL) throws {
        state.withLock { state in
            let path = key(url)
            state.files = state.files.filter { $0.key != path && !$0.key.hasPrefix(path + "/") }
            state.folders = state.folders.filter { $0 != path && !$0.hasPrefix(path + "/") }
        }
    }

    package func modificationDate(of url: URL) -> Date? { state.withLock { $0.modified[key(url)] } }

    package func setModificationDate(_ date: Date, of url: URL) throws {
        guard fileExists(at: url) || directoryExists(at: url) else { throw CocoaError(.fileNoSuchFile) }
        state.withLock { $0.modified[key(url)] = date }
    }

    /// Every file path, sorted: handy in assertions.
    package var allFiles: [String] { state.withLock { $0.files.keys.sorted() } }
}
