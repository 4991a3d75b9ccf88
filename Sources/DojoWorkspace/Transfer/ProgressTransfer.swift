import DojoCatalog
import DojoCore
import Foundation

/// Moves a learner between machines: exports their progress and exercise files to one file,
/// and imports such a file into a workspace without losing anything already there.
package struct ProgressTransfer: Sendable {
    /// What an import did, file by file, to tell the learner.
    package struct ImportSummary: Sendable, Equatable {
        /// Written where there was no file.
        package var added: [String] = []
        /// Written over a different file, which was backed up first.
        package var replaced: [String] = []
        /// Already the same.
        package var unchanged: [String] = []
        /// In the export, but no lesson here has that exercise (an older or newer course).
        package var skipped: [String] = []
        /// True when the imported progress was saved (it differed from what was here).
        package var progressWritten = false
        /// True when there was other progress here, which was backed up and replaced.
        package var progressReplaced = false
        /// Where the replaced files went; nil when nothing needed a backup.
        package var backupFolder: URL?
        /// True when the export's workshop was written into the workspace.
        package var workshopRestored = false
        /// True when the export's learner name was written into the workspace.
        package var learnerRestored = false
    }

    private let records: LearnerRecords

    package init(records: LearnerRecords) {
        self.records = records
    }

    private var workspace: Workspace { records.workspace }
    private var store: ProgressStore { records.progressStore }
    private var fileSystem: any FileSystem { records.fileSystem }
    private var timeSource: any TimeSource { records.timeSource }

    /// Writes the saved progress and every exercise file the learner has to `file`.
    /// Returns how many exercise files went in.
    @discardableResult
    package func export(_ exercises: [Exercise], progress: LearnerProgress, to file: URL) throws -> Int {
        let files = try exercises.compactMap { exercise -> ProgressBundle.File? in
            let learnerFile = workspace.file(for: exercise)
            guard fileSystem.fileExists(at: learnerFile) else { return nil }
            return ProgressBundle.File(path: workspace.relativePath(for: exercise), contents: try fileSystem.contents(of: learnerFile))
        }
        let workshopFile = workspace.root.appendingPathComponent(WorkshopFile.defaultName)
        let workshop = fileSystem.fileExists(at: workshopFile) ? try fileSystem.text(of: workshopFile) : nil
        let bundle = ProgressBundle(exportedAt: timeSource.now(), progress: progress, files: files, learner: workspace.learner(), workshop: workshop)
        try fileSystem.write(try bundle.encoded(), to: file)
        return files.count
    }

    /// Restores an export into the workspace. Every existing file that differs from the
    /// export, and the existing progress, is backed up first; the whole file is read and
    /// checked before anything is changed.
    package func importBundle(from file: URL, exercises: [Exercise]) throws -> ImportSummary {
        let data: Data
        do {
            data = try fileSystem.contents(of: file)
        } catch {
            throw ProgressTransferError.unreadable(path: file.path, reason: error.localizedDescription)
        }
        let bundle = try ProgressBundle.decode(data, from: file.path)
        // Only paths of known exercises are written: a crafted path such as ../../.bashrc
        // never matches one, so an import cannot write outside the workspace.
        let known = Dictionary(exercises.map { (workspace.relativePath(for: $0), workspace.file(for: $0)) }, uniquingKeysWith: { first, _ in first })
        var summary = ImportSummary()
        let backups = workspace.newBackupFolder(named: "import")
        func backUp(_ existing: URL, as name: String) throws {
            try fileSystem.copyItem(at: existing, to: backups.appendingPathComponent(name))
            summary.backupFolder = backups
        }
        for entry in bundle.files {
            guard let destination = known[entry.path] else {
                summary.skipped.append(entry.path)
                continue
            }
            if fileSystem.fileExists(at: destination) {
                if try fileSystem.contents(of: destination) == entry.contents {
                    summary.unchanged.append(entry.path)
                    continue
                }
                try backUp(destination, as: entry.path)
                summary.replaced.append(entry.path)
            } else {
                summary.added.append(entry.path)
            }
            try fileSystem.write(entry.contents, to: destination)
        }
        if let workshop = bundle.workshop {
            let destination = workspace.root.appendingPathComponent(WorkshopFile.defaultName)
            let existing = try? fileSystem.text(of: destination)
            if existing != workshop {
                if existing != nil { try backUp(destination, as: WorkshopFile.defaultName) }
                try fileSystem.write(Data(workshop.utf8), to: destination)
                summary.workshopRestored = true
            }
        }
        if let learner = bundle.learner, workspace.learner() != learner {
            if fileSystem.fileExists(at: workspace.learnerFile) { try backUp(workspace.learnerFile, as: workspace.learnerFile.lastPathComponent) }
            try workspace.saveLearner(learner)
            summary.learnerRestored = true
        }
        if bundle.progress.formatVersion > ProgressStore.formatVersion {
            throw ProgressError.newerFormat(path: file.path, version: bundle.progress.formatVersion, known: ProgressStore.formatVersion)
        }
        // Under the progress lock, against the progress on disk at this moment: a shell open on
        // this workspace adds its next change to the imported progress, not the reverse.
        try store.update { current in
            guard current != bundle.progress else { return }
            if fileSystem.fileExists(at: store.file) {
                try backUp(store.file, as: store.file.lastPathComponent)
                summary.progressReplaced = current != LearnerProgress()
            }
            current = bundle.progress
            summary.progressWritten = true
        }
        return summary
    }
}
