import ArgumentParser
import DojoCore
import Foundation
import LineEditing

/// `didojo reset --all [--yes] [--wipe]`: starts a workspace over, e.g. on a classroom laptop
/// between two workshops. Nothing is deleted: the files and progress go to one backup folder;
/// with `--wipe`, for a new learner, the backups, the learner's name and the shell's history go
/// for good instead.
struct ResetSubcommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset",
        abstract: "Start the workspace over: every starter back, progress cleared (all kept in a backup folder first)."
    )

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Every exercise of every lesson.")
    var all = false

    @Flag(name: .shortAndLong, help: "Do not ask first (for scripts).")
    var yes = false

    @Flag(help: "For a new learner on this laptop: also delete every backup, the learner's name and the shell's history, for good.")
    var wipe = false

    func validate() throws {
        guard all else {
            throw ValidationError("Say --all to start every exercise over. To reset one exercise, type 'reset <exercise>' in the shell.")
        }
    }

    @MainActor
    func run() async throws {
        let root = CompositionRoot(options: global.setup)
        let catalog = try SetupFailure.exitOnError { try root.catalog() }
        let workspace = try SetupFailure.exitOnError { try root.existingWorkspace() }
        if !yes {
            let kept = wipe
                ? "The last learner's work, every backup, their name and the shell's history are deleted for good."
                : "Everything is kept in a backup folder."
            print("Start \(workspace.root.path) over: put back the starter of all \(catalog.allExercises.count) exercises and clear the progress? \(kept) [y/N] ", terminator: "")
            let answer = Swift.readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
            guard ["y", "yes"].contains(answer) else {
                print("Nothing changed.")
                throw ExitCode(1)
            }
        }
        let backup = try SetupFailure.exitOnError { try workspace.resetAll(catalog.allExercises, progressStore: root.progressStore(for: workspace)) }
        print("Started over: every exercise has its starter again and the progress is cleared.")
        if wipe {
            let history = HistoryFile.defaultURL(environment: root.environment)
            for gone in [workspace.backupsFolder, workspace.learnerFile, history] where FileManager.default.fileExists(atPath: gone.path) {
                do {
                    try FileManager.default.removeItem(at: gone)
                } catch {
                    try SetupFailure.stop(DojoError.workspaceUnusable(path: gone.path, reason: "it could not be deleted (\(error.localizedDescription))"))
                }
            }
            print("Wiped: no backup, no name and no shell history of the last learner is left.")
            return
        }
        if let backup {
            print("The previous files and progress are kept in \(backup.path)")
        }
    }
}
