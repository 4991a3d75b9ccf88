import Foundation

/// The files the tutor reads and writes, behind a protocol so that tests can use a fake.
public protocol FileSystem: Sendable {
    func fileExists(at url: URL) -> Bool
    func directoryExists(at url: URL) -> Bool
    func contents(of url: URL) throws -> Data
    /// Writes atomically: to a temporary file in the same folder, then renamed over `url`.
    func write(_ data: Data, to url: URL) throws
    /// Writes a file that can be made again should it be lost (a check's own files, a cache
    /// entry), without waiting for the disk to hold it and without a temporary file: `write`
    /// waits (`fsync`) so that a learner's work and progress survive a crash, which costs a
    /// few milliseconds a file, and tens on a busy disk.
    func writeReplaceable(_ data: Data, to url: URL) throws
    func createDirectory(at url: URL) throws
    /// Writes as `write` does, readable and writable by this user only (mode 0600) from its
    /// first byte on, whatever the umask: for files that hold a secret (a class token).
    func writePrivately(_ data: Data, to url: URL) throws
    /// Makes the folder (and its parents, as `createDirectory` does) that only this user can
    /// enter (mode 0700); a folder that is already there is given that mode.
    func createPrivateDirectory(at url: URL) throws
    /// The entries of a folder, sorted by name; hidden entries left out.
    func contentsOfDirectory(at url: URL) throws -> [URL]
    func copyItem(at source: URL, to destination: URL) throws
    func moveItem(at source: URL, to destination: URL) throws
    func removeItem(at url: URL) throws
    func modificationDate(of url: URL) -> Date?
    /// Sets the modification date ("touch"), as a mark of last use.
    func setModificationDate(_ date: Date, of url: URL) throws
    /// Runs `body` while holding an exclusive lock on `lockFile` (made if missing), waiting a
    /// while for another process that holds it. The lock is not re-entrant.
    ///
    /// - Throws: `ProgressError.busy` when the lock stays taken; what `body` throws.
    /// Makes a new folder in `parent` that only this user can enter (mode 0700), with a name
    /// nobody could have taken first (`mkdtemp`), and returns it.
    func makePrivateFolder(in parent: URL, prefix: String) throws -> URL
    func withExclusiveLock<Result>(on lockFile: URL, _ body: () throws -> Result) throws -> Result
}

extension FileSystem {
    /// Reads a text file, failing with a clear error when it is not UTF-8.
    public func text(of url: URL) throws -> String {
        let data = try contents(of: url)
        guard let text = String(data: data, encoding: .utf8) else {
            throw DojoError.notUTF8(path: url.path)
        }
        return text
    }

    public func write(_ text: String, to url: URL) throws {
        try write(Data(text.utf8), to: url)
    }

    /// `write`, for file systems where waiting for the disk costs nothing (fakes).
    public func writeReplaceable(_ data: Data, to url: URL) throws {
        try write(data, to: url)
    }

    public func writeReplaceable(_ text: String, to url: URL) throws {
        try writeReplaceable(Data(text.utf8), to: url)
    }
}
