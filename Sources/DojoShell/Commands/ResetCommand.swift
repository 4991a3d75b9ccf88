import DojoCatalog
import DojoWorkspace

/// `reset [id]`: put the starter back, keeping a backup of the learner's file.
/// `reset --all`: start the whole course over, keeping a backup of every file and the progress.
struct ResetCommand: ExerciseTargetedCommand {
    typealias Context = any ExerciseSelection & ProgressKeeping & LearnerFiles

    static let allFlag = "--all"

    let name = "reset"
    let usage = "reset [exercise | --all]"
    let summary = "Restore the exercise's starter file (your file is backed up first); --all starts everything over."
    var details: String {
        "'reset' puts the starter of the exercise back; your file is moved to the backups folder first. 'reset --all' puts back every starter and clears your progress, after asking; all your files and your progress are kept in one backup folder."
    }
    // Resetting is not working on the exercise: it must not start its clock.
    let opensExercise = false

    func completions(arguments: [String], session: Context) -> [String] {
        arguments.isEmpty ? [Self.allFlag] + session.catalog.allExercises.map(\.id) : []
    }

    func run(_ arguments: [String], session: Context) async -> CommandOutcome {
        if arguments.first == Self.allFlag {
            resetAll(session: session)
            return .keepGoing
        }
        return await runOnExercise(arguments, session: session)
    }

    func selection(in session: Context) -> any ExerciseSelection { session }

    func run(on exercise: Exercise, arguments: [String], session: Context) async {
        let printer = session.printer
        guard session.terminal.confirm("Replace your file for \(exercise.id) with the starter? A backup of it is kept.") else {
            printer.note("Nothing changed.")
            return
        }
        do {
            let backup = try session.workspace.reset(exercise)
            printer.success("Restored the starter of \(exercise.id).")
            if let backup {
                printer.line("Your previous file is kept at \(backup.path)", indent: "  ")
            }
        } catch {
            printer.error("Could not restore the starter of \(exercise.id): \(error.localizedDescription). Your file was not changed unless a backup is listed in \(session.workspace.backupsFolder.path).")
        }
    }

    private func resetAll(session: Context) {
        let printer = session.printer
        let exercises = session.catalog.allExercises
        let question = "Start over: put back the starter of all \(exercises.count) exercises and clear your progress? Your files and progress are kept in a backup folder."
        guard session.terminal.confirm(question) else {
            printer.note("Nothing changed.")
            return
        }
        do {
            let backup = try session.workspace.resetAll(exercises, progressStore: session.progressStore)
            session.updateProgress { $0 = LearnerProgress() }
            printer.success("Started over: every exercise has its starter again and your progress is cleared.")
            if let backup {
                printer.line("Your previous files and progress are kept in \(backup.path)", indent: "  ")
            }
        } catch {
            printer.error("Could not start over: \(error.localizedDescription). Files already moved are in \(session.workspace.backupsFolder.path); your progress was not cleared.")
        }
    }
}
