import DojoCatalog

/// `watch [id]`: check, then check again on every save, until Ctrl-C.
struct WatchCommand: ExerciseTargetedCommand {
    typealias Context = any ExerciseSelection & LearnerFiles & CheckRunning & ProgramStarting

    let name = "watch"
    let usage = "watch [exercise]"
    let summary = "Check now, then again every time you save the file, until Ctrl-C."

    func selection(in session: Context) -> any ExerciseSelection { session }

    func run(on exercise: Exercise, arguments: [String], session: Context) async {
        let printer = session.printer
        let file = session.learnerFile(for: exercise)
        let watcher = session.programs.fileWatcher
        while true {
            let report = await session.runCheck(exercise, fullOutput: false, watching: true)
            if report == nil || report?.outcome == .cancelled { break }
            printer.note("Watching \(file.path): save it to check again, Ctrl-C to stop.")
            let changed = (try? await session.interrupts.cancellingOnInterrupt {
                await watcher.waitForChange(of: file)
            }) ?? false
            if !changed { break }
        }
        printer.note("Stopped watching.")
    }
}
