import ArgumentParser
import DojoWorkspace
import Foundation

/// `didojo progress export FILE` / `import FILE`: moves a learner between machines.
struct ProgressSubcommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "progress",
        abstract: "Move a learner's progress and exercise files to another machine.",
        subcommands: [Export.self, Import.self]
    )

    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write the progress and every exercise file of the workspace to one file."
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: ArgumentHelp("The file to write, e.g. my-progress.json.", valueName: "file"))
        var file: String

        @MainActor
        func run() async throws {
            let root = CompositionRoot(options: global.setup)
            let catalog = try SetupFailure.exitOnError { try root.catalog() }
            let workspace = try SetupFailure.exitOnError { try root.existingWorkspace() }
            let store = root.progressStore(for: workspace)
            let destination = CompositionRoot.url(forUserPath: file)
            let transfer = ProgressTransfer(records: LearnerRecords(workspace: workspace, progressStore: store, fileSystem: root.fileSystem, timeSource: root.timeSource))
            let count = try SetupFailure.exitOnError {
                try transfer.export(catalog.allExercises, progress: root.readProgress(of: workspace), to: destination)
            }
            print("Exported your progress and \(count) exercise files to \(destination.path).")
            print("On the other machine: didojo progress import \(destination.lastPathComponent)")
        }
    }

    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Restore an export into the workspace; files that differ are backed up first."
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: ArgumentHelp("A file written by 'didojo progress export'.", valueName: "file"))
        var file: String

        @MainActor
        func run() async throws {
            let root = CompositionRoot(options: global.setup)
            let catalog = try SetupFailure.exitOnError { try root.catalog() }
            let workspace = root.workspace()
            let store = root.progressStore(for: workspace)
            let transfer = ProgressTransfer(records: LearnerRecords(workspace: workspace, progressStore: store, fileSystem: root.fileSystem, timeSource: root.timeSource))
            let summary = try SetupFailure.exitOnError {
                let summary = try transfer.importBundle(from: CompositionRoot.url(forUserPath: file), exercises: catalog.allExercises)
                // Exercises the export did not hold get their starters, as on a first start.
                try workspace.prepare(for: catalog.allExercises)
                return summary
            }
            print("Imported into \(workspace.root.path):")
            print("  \(summary.added.count) exercise files added, \(summary.replaced.count) replaced, \(summary.unchanged.count) already the same.")
            if summary.progressReplaced {
                print("  The progress that was here was replaced by the imported one.")
            } else {
                print(summary.progressWritten ? "  Progress restored." : "  Progress already the same.")
                if summary.workshopRestored { print("  The workshop (its lessons, locks and time boxes) restored.") }
                if summary.learnerRestored { print("  The learner's name restored.") }
            }
            if !summary.skipped.isEmpty {
                print("  Left out (no such exercise in these lessons): \(summary.skipped.joined(separator: ", ")).")
            }
            if let backups = summary.backupFolder {
                print("  What was here before is kept in \(backups.path).")
            }
        }
    }
}
