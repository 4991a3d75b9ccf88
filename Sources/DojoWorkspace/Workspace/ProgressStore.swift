import DojoCore
import Foundation

/// Reads and writes `LearnerProgress` as JSON in the workspace, so that any number of didojo
/// processes can share one workspace without undoing each other's work.
///
/// Every change is a read-modify-write under a short exclusive lock (`progress.lock` beside
/// the file): the change is applied to what is on disk at that moment, never to a copy a
/// process loaded earlier. So a shell left open while `didojo reset --all`, `verify` or
/// `progress import` runs in another terminal adds its next hint to the progress they left,
/// rather than saving its stale copy over it.
///
/// Reading never changes anything: commands that only show progress (`list`, `report`) leave a
/// file they cannot read exactly as it is. Only a writer moves an undecodable file aside, and
/// a file from a newer DIDojo is never overwritten.
package struct ProgressStore: Sendable {
    /// The format this DIDojo reads and writes (`LearnerProgress.formatVersion`).
    package static let formatVersion = 4

    package let file: URL
    private let fileSystem: any FileSystem
    private let timeSource: any TimeSource

    package init(file: URL, fileSystem: any FileSystem, timeSource: any TimeSource) {
        self.file = file
        self.fileSystem = fileSystem
        self.timeSource = timeSource
    }

    /// The file whose lock every writer holds while it reads, changes and writes progress.
    package var lockFile: URL {
        file.deletingLastPathComponent().appendingPathComponent("progress.lock")
    }

    /// Progress as read, and what the learner should know about how it was read.
    package struct Loaded: Sendable, Equatable {
        package let progress: LearnerProgress
        /// Set when the file could not be decoded (and, after a write, where it was moved).
        package let warning: String?
    }

    /// Reads the progress without changing anything on disk. A missing file is a fresh start;
    /// one that cannot be decoded reads as fresh progress with a warning, and is left alone.
    ///
    /// - Throws: `ProgressError.unreadable` when the file is there but cannot be read (its
    ///   permissions, a folder in its place), `.newerFormat` when a newer DIDojo wrote it.
    package func read() throws -> Loaded {
        switch try decodeCurrent() {
        case .missing:
            return Loaded(progress: LearnerProgress(), warning: nil)
        case .decoded(let progress):
            return Loaded(progress: progress, warning: nil)
        case .undecodable:
            return Loaded(
                progress: LearnerProgress(),
                warning: "Your progress file \(file.path) could not be read, so it is shown as fresh. It was left as it is; the next change of progress keeps it aside as a copy and starts a new one. Your exercise files are untouched."
            )
        }
    }

    /// Applies `change` to the progress on disk and writes the result, all under the lock.
    /// An undecodable file is first moved aside (never deleted: it may hold the only record of
    /// the learner's work), and the change applies to fresh progress. Nothing is written when
    /// the change changes nothing.
    ///
    /// - Returns: the progress as it now is on disk, with a warning when a file was moved aside.
    @discardableResult
    package func update(_ change: (inout LearnerProgress) throws -> Void) throws -> Loaded {
        try saying(whatCouldNotBeSaved: fileSystem.withExclusiveLock(on: lockFile) {
            var warning: String?
            var progress: LearnerProgress
            switch try decodeCurrent() {
            case .missing:
                progress = LearnerProgress()
            case .decoded(let decoded):
                progress = decoded
            case .undecodable:
                progress = LearnerProgress()
                warning = moveAside()
            }
            let before = progress
            try change(&progress)
            if progress != before || warning != nil {
                do {
                    try fileSystem.write(try Self.encoder.encode(progress), to: file)
                } catch {
                    throw ProgressError.unwritable(path: file.path, reason: error.localizedDescription)
                }
            }
            return Loaded(progress: progress, warning: warning)
        })
    }

    /// Runs `body`, turning an error of the file system (the lock's folder cannot be made, a
    /// file is where the state folder should be) into one that says what could not be saved.
    private func saying<Result>(whatCouldNotBeSaved body: @autoclosure () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as ProgressError {
            throw error
        } catch {
            throw ProgressError.unwritable(path: file.path, reason: error.localizedDescription)
        }
    }

    /// Runs `body` while holding the progress lock, for a writer that changes the workspace's
    /// files together with the progress (`reset --all` moves the file itself aside). `body`
    /// must not call `update`: the lock is not re-entrant.
    package func whileLocked<Result>(_ body: () throws -> Result) throws -> Result {
        try fileSystem.withExclusiveLock(on: lockFile, body)
    }


    // MARK: Reading

    private enum OnDisk {
        case missing
        case decoded(LearnerProgress)
        case undecodable
    }

    private func decodeCurrent() throws -> OnDisk {
        if fileSystem.directoryExists(at: file) {
            throw ProgressError.unreadable(path: file.path, reason: "a folder is in its place")
        }
        guard fileSystem.fileExists(at: file) else { return .missing }
        let data: Data
        do {
            data = try fileSystem.contents(of: file)
        } catch {
            throw ProgressError.unreadable(path: file.path, reason: error.localizedDescription)
        }
        // The version first: a newer format may not decode here, and must not be taken for
        // a corrupt file and moved aside, nor be read and saved with its new fields dropped.
        if let version = try? Self.decoder.decode(FormatVersion.self, from: data).formatVersion,
           version > Self.formatVersion {
            throw ProgressError.newerFormat(path: file.path, version: version, known: Self.formatVersion)
        }
        guard let progress = try? Self.decoder.decode(LearnerProgress.self, from: data) else { return .undecodable }
        return .decoded(progress)
    }

    private struct FormatVersion: Decodable {
        let formatVersion: Int
    }

    /// Moves an undecodable file to `progress.corrupt-<time>.json` and says where it went.
    private func moveAside() -> String {
        let stamp = Self.stamp(timeSource.now())
        let aside = file.deletingLastPathComponent().appendingPathComponent("progress.corrupt-\(stamp).json")
        let moved = (try? fileSystem.moveItem(at: file, to: aside)) != nil
        return moved
            ? "Your progress file could not be read, so DIDojo starts with fresh progress. The old file was kept as \(aside.path). Your exercise files are untouched."
            : "Your progress file \(file.path) could not be read, so DIDojo starts with fresh progress. Your exercise files are untouched."
    }

    static func stamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return formatter.string(from: date)
    }

    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = ProgressDates.encoding
        return encoder
    }

    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = ProgressDates.decoding
        return decoder
    }
}
