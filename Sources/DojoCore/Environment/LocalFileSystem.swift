import Foundation
import Glibc

/// The real file system.
package struct LocalFileSystem: FileSystem {
    package init() {}

    package func fileExists(at url: URL) -> Bool {
        fileType(at: url).map { $0 != S_IFDIR } ?? false
    }

    package func directoryExists(at url: URL) -> Bool {
        fileType(at: url) == S_IFDIR
    }

    /// The type bits of what is at `url`, symbolic links followed; nil when nothing is there.
    /// One stat(2): loading the lessons asks hundreds of times at every start, and
    /// FileManager's answer (an lstat, then a stat for a link) costs several times as much.
    private func fileType(at url: URL) -> mode_t? {
        var status = stat()
        guard stat(url.path, &status) == 0 else { return nil }
        return status.st_mode & S_IFMT
    }

    package func contents(of url: URL) throws -> Data {
        try Data(contentsOf: url)
    }

    package func write(_ data: Data, to url: URL) throws {
        try createDirectory(at: url.deletingLastPathComponent())
        // Foundation's .atomic option writes a temporary file and renames it, so a crash
        // mid-write never leaves a half-written progress file or exercise behind.
        try data.write(to: url, options: .atomic)
    }

    /// Straight into the file through a descriptor closed on `exec` (see `copyItem`): no
    /// temporary file, no `fsync`, which Foundation's writes all make on Linux.
    package func writeReplaceable(_ data: Data, to url: URL) throws {
        try createDirectory(at: url.deletingLastPathComponent())
        let output = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard output >= 0 else { throw Self.error(errno, url) }
        var failure = data.withUnsafeBytes { Self.writeAll($0, to: output) }
        if close(output) != 0, failure == 0 { failure = errno }
        if failure != 0 {
            unlink(url.path)
            throw Self.error(failure, url)
        }
    }

    package func createDirectory(at url: URL) throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    package func writePrivately(_ data: Data, to url: URL) throws {
        let folder = url.deletingLastPathComponent()
        try createDirectory(at: folder)
        // A new file of mode 0600 (O_EXCL: nobody's file taken over), filled, then renamed
        // over `url`: the secret is never in a file anyone else may read, not even for a moment.
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Self.error(errno, temporary) }
        var failure = data.withUnsafeBytes { Self.writeAll($0, to: fd) }
        // The umask may have taken bits away, never added them; 0600 it is.
        if failure == 0, fchmod(fd, 0o600) != 0 { failure = errno }
        close(fd)
        if failure == 0, rename(temporary.path, url.path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary.path)
            throw Self.error(failure, url)
        }
    }

    package func createPrivateDirectory(at url: URL) throws {
        try FileManager.default.createDirectory(
            at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]
        )
        // Made before this version, or by hand: the mode is set whatever the folder's past.
        guard chmod(url.path, 0o700) == 0 else { throw Self.error(errno, url) }
    }

    package func contentsOfDirectory(at url: URL) throws -> [URL] {
        // Each name is taken once: URL.lastPathComponent is not cheap, and a sort asks for it
        // n log n times (the build folder scanned at start-up holds hundreds of entries).
        try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
            .map { (name: $0.lastPathComponent, url: $0) }
            .sorted { $0.name < $1.name }
            .map(\.url)
    }

    /// Copies a file through descriptors that are closed on `exec`, or a folder with
    /// Foundation. Why not Foundation for files too: it opens the copy without `O_CLOEXEC`,
    /// so a child process that another thread starts during the copy keeps the copy open for
    /// writing for as long as that child runs, and the kernel then refuses to run the copy
    /// ("Text file busy"); the checker copies programs and runs programs at the same time.
    package func copyItem(at source: URL, to destination: URL) throws {
        try createDirectory(at: destination.deletingLastPathComponent())
        guard !directoryExists(at: source) else {
            try FileManager.default.copyItem(at: source, to: destination)
            return
        }
        let input = open(source.path, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw Self.error(errno, source) }
        defer { close(input) }
        var status = stat()
        guard fstat(input, &status) == 0 else { throw Self.error(errno, source) }
        // O_EXCL: like Foundation's copy, never over an existing file.
        let output = open(destination.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, status.st_mode & 0o777)
        guard output >= 0 else { throw Self.error(errno, destination) }
        var failure: Int32 = 0
        var buffer = [UInt8](repeating: 0, count: 256 * 1024)
        while failure == 0 {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno != EINTR { failure = errno }
                continue
            }
            failure = buffer.withUnsafeBytes { Self.writeAll(UnsafeRawBufferPointer(rebasing: $0[..<count]), to: output) }
        }
        if close(output) != 0, failure == 0 { failure = errno }
        if failure != 0 {
            unlink(destination.path)
            throw Self.error(failure, destination)
        }
    }

    package func makePrivateFolder(in parent: URL, prefix: String) throws -> URL {
        try createDirectory(at: parent)
        var template = Array(parent.appendingPathComponent(prefix + "XXXXXX").path.utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in
            mkdtemp(buffer.baseAddress!).map { String(cString: $0) }
        }
        guard let made else { throw Self.error(errno, parent) }
        return URL(fileURLWithPath: made)
    }

    /// Writes all of `bytes` to `descriptor`, again after an interruption; the error number
    /// of the write that failed, or 0.
    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32 {
        var written = 0
        while written < bytes.count {
            let result = Glibc.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if result < 0 {
                if errno != EINTR { return errno }
            } else {
                written += result
            }
        }
        return 0
    }

    private static func error(_ number: Int32, _ url: URL) -> any Error {
        CocoaError(.fileWriteUnknown, userInfo: [
            NSFilePathErrorKey: url.path,
            NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(number)),
            NSLocalizedDescriptionKey: "\(url.path): \(String(cString: strerror(number)))",
        ])
    }

    package func moveItem(at source: URL, to destination: URL) throws {
        try createDirectory(at: destination.deletingLastPathComponent())
        try FileManager.default.moveItem(at: source, to: destination)
    }

    package func removeItem(at url: URL) throws {
        try FileManager.default.removeItem(at: url)
    }

    /// lstat(2) itself, as FileManager reads it (a link's own date): FileManager's attributes
    /// also look the owner's name up, which made pruning a full step cache, a date per entry,
    /// a noticeable part of every check.
    package func modificationDate(of url: URL) -> Date? {
        var status = stat()
        guard lstat(url.path, &status) == 0 else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(status.st_mtim.tv_sec) + TimeInterval(status.st_mtim.tv_nsec) / 1_000_000_000)
    }

    package func setModificationDate(_ date: Date, of url: URL) throws {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        // The access time is left as it is (UTIME_OMIT), as FileManager leaves it.
        var times = [
            timespec(tv_sec: 0, tv_nsec: (1 << 30) - 2),  // UTIME_OMIT, a macro Swift does not import
            timespec(tv_sec: Int(seconds), tv_nsec: Int((date.timeIntervalSince1970 - seconds) * 1_000_000_000)),
        ]
        guard utimensat(AT_FDCWD, url.path, &times, 0) == 0 else { throw Self.error(errno, url) }
    }

    /// How long a writer waits for another to finish. Writers hold the lock for a few
    /// milliseconds (a read, a change, a write), so running out of this means a hung process.
    static let lockPatience: Duration = .seconds(10)
    /// How long a writer sleeps between two tries at the lock.
    private static let lockRetry: Duration = .milliseconds(2)

    package func withExclusiveLock<Result>(on lockFile: URL, _ body: () throws -> Result) throws -> Result {
        try createDirectory(at: lockFile.deletingLastPathComponent())
        let descriptor = open(lockFile.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw ProgressError.unwritable(path: lockFile.path, reason: String(cString: strerror(errno)))
        }
        // Closing the descriptor lets go of the lock, whatever `body` does.
        defer { close(descriptor) }
        // The patience is counted in the waits themselves, not read from a clock: a sleep lasts
        // at least what it asks for, so the writer waits at least `lockPatience`, and the file
        // system needs no clock of its own (nothing to inject, nothing hard-wired).
        var waited: Duration = .zero
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                throw ProgressError.unwritable(path: lockFile.path, reason: String(cString: strerror(errno)))
            }
            guard waited < Self.lockPatience else {
                throw ProgressError.busy(path: lockFile.path, holder: LockHolderNote.read(from: descriptor))
            }
            usleep(useconds_t(Self.lockRetry.components.attoseconds / 1_000_000_000_000))
            waited += Self.lockRetry
        }
        // Who holds it, for a message should it ever stay taken; the lock is the kernel's,
        // so failing to write this changes nothing.
        LockHolderNote.write("didojo process \(getpid())", to: descriptor)
        return try body()
    }
}
