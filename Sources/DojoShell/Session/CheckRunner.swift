import DojoCatalog
import DojoCore
import DojoGrading
import DojoWorkspace
import Foundation

/// Runs one check as a person sees it: a "working…" line, Ctrl-C to stop, the report, and
/// what to do next. Recording the outcome is `CheckRecorder`'s; this is the terminal around it.
///
/// Shared by the shell's `check` and `watch` and by `didojo check`, which needs no shell
/// for it: only a terminal, Ctrl-C, a clock and the recorder.
@MainActor
package struct CheckRunner {
    private let printer: Printer
    private let terminal: any Terminal
    private let fileSystem: any FileSystem
    private let interrupts: any InterruptSource
    private let clock: any Clock<Duration>
    private let catalog: LessonCatalog
    private let workspace: Workspace
    private let recorder: Result<CheckRecorder, DojoError>
    /// True for `didojo check`, where what a report leaves out is shown by `--full-output`
    /// (there is no `output` to type).
    private let fromCommandLine: Bool

    /// - Parameter console: the terminal, Ctrl-C and the spinner's clock (the pager is not used).
    package init(
        console: ShellConsole, fileSystem: any FileSystem, catalog: LessonCatalog, workspace: Workspace,
        recorder: Result<CheckRecorder, DojoError>, fromCommandLine: Bool = false
    ) {
        printer = Printer(terminal: console.terminal)
        terminal = console.terminal
        self.fileSystem = fileSystem
        interrupts = console.interrupts
        clock = console.clock
        self.catalog = catalog
        self.workspace = workspace
        self.recorder = recorder
        self.fromCommandLine = fromCommandLine
    }

    /// The shell's runner: its terminal, Ctrl-C, clock and recorder.
    init(session: ShellSession) {
        let dependencies = session.dependencies
        self.init(
            console: dependencies.console, fileSystem: dependencies.records.fileSystem, catalog: dependencies.course.catalog,
            workspace: dependencies.records.workspace, recorder: dependencies.recorder
        )
    }

    /// Checks the learner's file for `exercise` as the learner asked for it (an attempt), and
    /// reports. Returns nil when the check could not even start (the reason is printed).
    /// - Parameters:
    ///   - fullOutput: show all that the learner's code printed, not only its last lines.
    ///   - watching: true under `watch`, which checks again by itself on every save: what to
    ///     do next after a failure is then to save, not to type `check`.
    package func check(_ exercise: Exercise, fullOutput: Bool = false, watching: Bool = false) async -> CheckRecorder.Recorded? {
        let recorder: CheckRecorder
        switch self.recorder {
        case .success(let ready): recorder = ready
        case .failure(let problem):
            printer.error(problem.localizedDescription)
            return nil
        }
        let file = workspace.file(for: exercise)
        do {
            if try workspace.ensureFile(for: exercise) {
                printer.note("Your file for \(exercise.id) was missing, so the starter was copied to \(file.path).")
            }
        } catch {
            printer.error(error.localizedDescription)
            return nil
        }
        let spinner = Spinner(terminal: terminal, label: "Checking \(exercise.id)", clock: clock)
        spinner.start()
        let (phases, continuation) = AsyncStream.makeStream(of: CheckPhase.self, bufferingPolicy: .bufferingNewest(1))
        let labels = Task { @MainActor in
            for await phase in phases { spinner.label = Self.label(for: phase, exercise: exercise) }
        }
        let recorded: CheckRecorder.Recorded
        do {
            recorded = try await interrupts.cancellingOnInterrupt {
                try await recorder.check(exercise, source: file, purpose: .attempt, phases: continuation)
            }
        } catch {
            continuation.finish()
            labels.cancel()
            spinner.stop()
            printer.error(error.localizedDescription)
            return nil
        }
        continuation.finish()
        labels.cancel()
        spinner.stop()
        let warnings = [recorded.warning, recorded.saveProblem].compactMap { $0 }
        for warning in warnings { printer.warning(warning) }
        let report = recorded.report
        let next: String?
        if report.passed {
            next = nextStep(after: exercise, progress: recorded.progress ?? LearnerProgress())
        } else if report.outcome != .cancelled {
            next = watching
                ? "Fix your file and save it: 'watch' checks it again on every save. Stuck? Ctrl-C stops watching; then 'hint'."
                : "Fix your file ('edit'), then 'check' again. Stuck? 'hint'."
        } else {
            next = nil
        }
        var view = CheckReportView(printer: printer, fileSystem: fileSystem, fullOutput: fullOutput)
        view.wholeReportCommand = fromCommandLine ? "'didojo check \(exercise.id) --full-output'" : "'output'"
        if let rows = terminal.screenRows {
            // The verdict must still be on the screen when the prompt comes back: the report
            // gets the rows that the warnings above, the next step and the prompt leave.
            let width = terminal.style.width
            let around = (warnings + [next].compactMap { $0 }).reduce(1) { $0 + ScreenRows.count(of: printer.wrap($1), width: width) }
            view.rowBudget = rows - around
        }
        view.show(report, exercise: exercise, learnerFile: file)
        if let next {
            if report.passed { printer.line(next) } else { printer.note(next) }
        }
        return recorded
    }

    static func label(for phase: CheckPhase, exercise: Exercise) -> String {
        switch phase {
        case .compiling: return "Compiling \(exercise.id)"
        case .running: return exercise.kind == .test ? "Running your tests of \(exercise.id)" : "Running the checks of \(exercise.id)"
        case .mutants: return "Running your tests against \(exercise.mutants.count) planted bugs"
        }
    }

    private func nextStep(after exercise: Exercise, progress: LearnerProgress) -> String {
        guard let lesson = catalog.lesson(id: exercise.lessonID) else { return "" }
        if let open = lesson.exercises.first(where: { !progress.exercise($0.id).passed }) {
            return "Next: 'exercise \(open.id)' (\(open.title))."
        }
        if let following = catalog.lesson(after: lesson.id) {
            return "You have passed every exercise of \(lesson.id)! 'open \(following.id)' starts the next lesson."
        }
        return "You have passed every exercise of \(lesson.id), the last lesson. Well done!"
    }
}

extension ShellSession {
    /// Checks an exercise as the shell's `check` does (report, progress, next step), and takes
    /// in the progress it recorded, and keeps the report for `output`; `watching` under
    /// `watch` (see `CheckRunner.check`). Nil when the check could not start (reason printed).
    package func runCheck(_ exercise: Exercise, fullOutput: Bool = false, watching: Bool = false) async -> CheckReport? {
        let recorded = await CheckRunner(session: self).check(exercise, fullOutput: fullOutput, watching: watching)
        if let progress = recorded?.progress { adopt(progress) }
        if let report = recorded?.report, report.outcome != .cancelled { lastCheck = (exercise, report) }
        return recorded?.report
    }
}
