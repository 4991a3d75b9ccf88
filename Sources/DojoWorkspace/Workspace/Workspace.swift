import DojoCatalog
import DojoCore
import Foundation

/// The learner's own folder: a copy of every starter, their progress, and backups.
///
/// The learner edits the copies here, never the files under Lessons/.
package struct Workspace: Sendable {
    package let root: URL
    package let fileSystem: any FileSystem
    private let timeSource: any TimeSource

    package init(root: URL, fileSystem: any FileSystem, timeSource: any TimeSource) {
        self.root = root
        self.fileSystem = fileSystem
        self.timeSource = timeSource
    }

    /// Where the tutor keeps its own files inside the workspace.
    package var stateFolder: URL { Self.stateFolder(ofRoot: root) }
    /// `.didojo` in the workspace at `root`: for a program that needs only the state folder.
    package static func stateFolder(ofRoot root: URL) -> URL { root.appendingPathComponent(".didojo") }
    package var progressFile: URL { stateFolder.appendingPathComponent("progress.json") }
    package var backupsFolder: URL { stateFolder.appendingPathComponent("backups") }
    /// The file the lessons' posting clients append to when run by the learner.
    package var timelineFile: URL { root.appendingPathComponent("timeline.txt") }

    /// The default workspace when none is given: `~/didojo-workspace`.
    package static func defaultRoot(environment: [String: String]) -> URL {
        let home = environment["HOME"].map { URL(fileURLWithPath: $0) } ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent("didojo-workspace")
    }

    /// The learner's file for an exercise: `<root>/<lesson-id>/<n>/<file>`.
    package func file(for exercise: Exercise) -> URL {
        root.appendingPathComponent(relativePath(for: exercise))
    }

    /// `<lesson-id>/<n>/<file>`: where an exercise's file lives inside any workspace.
    package func relativePath(for exercise: Exercise) -> String {
        "\(exercise.lessonID)/\(exercise.number)/\(exercise.fileName)"
    }

    /// Copies each starter the workspace does not have yet. Existing learner files are never
    /// overwritten. Returns true when the workspace folder was created by this call.
    @discardableResult
    package func prepare(for exercises: [Exercise]) throws -> Bool {
        let isNew = !fileSystem.directoryExists(at: root)
        do {
            try fileSystem.createDirectory(at: root)
            // The tutor's own folder is the learner's alone: it keeps their history, backups
            // and the class token (see `ClassOutbox`).
            // A file in its place is left alone: the shell works on without saving its state,
            // and says so where it would have saved.
            if !fileSystem.fileExists(at: stateFolder) { try fileSystem.createPrivateDirectory(at: stateFolder) }
            for exercise in exercises where !fileSystem.fileExists(at: file(for: exercise)) {
                try fileSystem.copyItem(at: exercise.starter, to: file(for: exercise))
            }
        } catch {
            throw DojoError.workspaceUnusable(path: root.path, reason: error.localizedDescription)
        }
        return isNew
    }

    /// Makes sure the learner's file for `exercise` exists, copying the starter when it was
    /// deleted. Returns true when it did.
    ///
    /// Whatever else is found at the file's path (a folder, a broken link) is left alone: it
    /// may hold the learner's work. The error says what is in the way and what to do.
    @discardableResult
    package func ensureFile(for exercise: Exercise) throws -> Bool {
        let learnerFile = file(for: exercise)
        guard !fileSystem.fileExists(at: learnerFile) else { return false }
        if fileSystem.directoryExists(at: learnerFile) {
            throw DojoError.learnerFileIsAFolder(exerciseID: exercise.id, path: learnerFile.path)
        }
        do {
            try fileSystem.copyItem(at: exercise.starter, to: learnerFile)
        } catch {
            throw DojoError.learnerFileUnusable(exerciseID: exercise.id, path: learnerFile.path, reason: error.localizedDescription)
        }
        return true
    }

    /// Puts the starter back, first moving the learner's file to the backups folder.
    /// Returns where the backup went (nil when there was no file to keep).
    @discardableResult
    package func reset(_ exercise: Exercise) throws -> URL? {
        let learnerFile = file(for: exercise)
        var backup: URL?
        if fileSystem.fileExists(at: learnerFile) {
            let stamp = ProgressStore.stamp(timeSource.now())
            var destination = backupsFolder.appendingPathComponent("\(exercise.id)-\(stamp)-\(exercise.fileName)")
            var counter = 2
            // Never overwrite an earlier backup, even one made within the same second.
            while fileSystem.fileExists(at: destination) {
                destination = backupsFolder.appendingPathComponent("\(exercise.id)-\(stamp)-\(counter)-\(exercise.fileName)")
                counter += 1
            }
            try fileSystem.moveItem(at: learnerFile, to: destination)
            backup = destination
        }
        try fileSystem.copyItem(at: exercise.starter, to: learnerFile)
        return backup
    }

    /// Starts over: every learner file and the progress file are moved to one new backup
    /// folder (keeping their paths), then every starter is copied back, all under the
    /// progress lock so that no other didojo saves progress in the middle. A shell open on
    /// the workspace then finds the progress cleared, and adds its next change to that.
    /// Returns the backup folder, or nil when there was nothing to keep.
    @discardableResult
    package func resetAll(_ exercises: [Exercise], progressStore: ProgressStore) throws -> URL? {
        try progressStore.whileLocked {
            let folder = newBackupFolder(named: "reset-all")
            var keptAny = false
            for exercise in exercises where fileSystem.fileExists(at: file(for: exercise)) {
                try fileSystem.moveItem(at: file(for: exercise), to: folder.appendingPathComponent(relativePath(for: exercise)))
                keptAny = true
            }
            if fileSystem.fileExists(at: progressStore.file) {
                try fileSystem.moveItem(at: progressStore.file, to: folder.appendingPathComponent(progressStore.file.lastPathComponent))
                keptAny = true
            }
            for exercise in exercises {
                try fileSystem.copyItem(at: exercise.starter, to: file(for: exercise))
            }
            return keptAny ? folder : nil
        }
    }

    /// A backup folder for an operation that keeps many files at once (`reset --all`, an
    /// import): `backups/<label>-<time>`, never one that exists already.
    package func newBackupFolder(named label: String) -> URL {
        let stamp = ProgressStore.stamp(timeSource.now())
        var folder = backupsFolder.appendingPathComponent("\(label)-\(stamp)")
        var counter = 2
        while fileSystem.directoryExists(at: folder) || fileSystem.fileExists(at: folder) {
            folder = backupsFolder.appendingPathComponent("\(label)-\(stamp)-\(counter)")
            counter += 1
        }
        return folder
    }
}
