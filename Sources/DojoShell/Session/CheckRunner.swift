import DojoCore
import Foundation

/// Runs one check for the shell: spinner, Ctrl-C, the report, and the progress update.
@MainActor
struct CheckRunner {
    let session: ShellSession

    /// Returns nil when the check could not even start (the reason is printed).
    func check(_ exercise: Exercise) async -> CheckReport? {
        let printer = session.printer
        let checker: ExerciseChecker
        switch session.dependencies.checker {
        case .success(let ready): checker = ready
        case .failure(let problem):
            printer.error(problem.localizedDescription)
            return nil
        }
        do {
            try session.ensureLearnerFile(for: exercise)
        } catch {
            printer.error(error.localizedDescription)
            return nil
        }
        let file = session.learnerFile(for: exercise)
        // `didojo check` comes here without a shell command, and a check is an opening too.
        session.markOpened(exercise)
        let latch = CancellationLatch(interrupts: session.dependencies.interrupts)
        let spinner = Spinner(terminal: session.terminal, label: "Checking \(exercise.id)")
        spinner.start()
        let report: CheckReport
        do {
            report = try await checker.check(exercise, source: file, isCancelled: { latch.isCancelled() }) { phase in
                Task { @MainActor in spinner.label = Self.label(for: phase, exercise: exercise) }
            }
        } catch {
            spinner.stop()
            printer.error(error.localizedDescription)
            return nil
        }
        spinner.stop()
        if report.outcome != .cancelled {
            let now = session.dependencies.timeSource.now()
            session.updateProgress { progress in
                progress.update(exercise.id) { record in
                    record.attempts += 1
                    if report.passed {
                        record.passed = true
                        record.firstPassedAt = record.firstPassedAt ?? now
                    }
                }
            }
        }
        CheckReportView(printer: printer, fileSystem: session.dependencies.fileSystem).show(report, exercise: exercise, learnerFile: file)
        if report.passed {
            printer.line(nextStep(after: exercise))
        } else if report.outcome != .cancelled {
            printer.note("Fix your file ('edit'), then 'check' again. Stuck? 'hint'.")
        }
        return report
    }

    static func label(for phase: ExerciseChecker.Phase, exercise: Exercise) -> String {
        switch phase {
        case .compiling: return "Compiling \(exercise.id)"
        case .running: return exercise.kind == .test ? "Running your tests of \(exercise.id)" : "Running the checks of \(exercise.id)"
        case .mutants: return "Running your tests against \(exercise.mutants.count) planted bugs"
        }
    }

    private func nextStep(after exercise: Exercise) -> String {
        guard let lesson = session.catalog.lesson(id: exercise.lessonID) else { return "" }
        if let open = lesson.exercises.first(where: { !session.progress.exercise($0.id).passed }) {
            return "Next: 'exercise \(open.id)' (\(open.title))."
        }
        if let following = session.catalog.lesson(after: lesson.id) {
            return "You have passed every exercise of \(lesson.id)! 'open \(following.id)' starts the next lesson."
        }
        return "You have passed every exercise of \(lesson.id), the last lesson. Well done!"
    }
}

extension ShellSession {
    /// Checks an exercise as the shell's `check` does (report, progress, next step); used by
    /// the `didojo check` subcommand. Nil when the check could not start (reason printed).
    public func runCheck(_ exercise: Exercise) async -> CheckReport? {
        await CheckRunner(session: self).check(exercise)
    }
}
