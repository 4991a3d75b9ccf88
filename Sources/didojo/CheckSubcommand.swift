import ArgumentParser
import DojoGrading
import DojoShell
import ExerciseChecking
import Foundation
import LineEditing

/// `didojo check <exercise-id>`: exit status 0 passed, 1 failed, 2 usage or set-up error.
struct CheckSubcommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check one exercise: exit status 0 when it passes, 1 when it fails, 2 for a usage or set-up error."
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The exercise, e.g. no-di.1.")
    var exercise: String

    @Flag(name: .customLong("full-output"), help: "Show the whole report: every compile error and wiring note, all that your code printed.")
    var fullOutput = false

    @MainActor
    func run() async throws {
        try await Self.check(exercise, fullOutput: fullOutput, options: global.setup)
    }

    /// `didojo check ID` and `didojo check ID --full-output`, as scripts, graders and editors
    /// run it, or nil for any other command line, which ArgumentParser parses. In a debug build
    /// (what `start.sh` makes) ArgumentParser validates and reflects every option of the
    /// command it parses, a tenth of a quick check's own time, so the plainest forms of the
    /// commonest command skip it. They mean exactly what ArgumentParser would read them as;
    /// `CheckSubcommandShortcutTests` holds the two to the same answers.
    static func shortcut(_ arguments: [String]) -> (exercise: String, fullOutput: Bool)? {
        guard arguments.first == "check", arguments.count == 2 || arguments.count == 3,
              !arguments[1].hasPrefix("-"), !arguments[1].isEmpty else { return nil }
        if arguments.count == 3 {
            return arguments[2] == "--full-output" ? (arguments[1], true) : nil
        }
        return (arguments[1], false)
    }

    @MainActor
    static func check(_ exercise: String, fullOutput: Bool, options: SetupOptions) async throws {
        let root = CompositionRoot(options: options)
        // First: the compiler need not wait for the lesson to load (see `EarlyCompile`). Its
        // folder and process go at the end, whatever the check came to.
        let earlyCompile = root.earlyCompile(for: exercise)
        let checked: CheckRecorder.Recorded?
        do {
            checked = try await check(exercise, fullOutput: fullOutput, root: root, earlyCompile: earlyCompile)
        } catch {
            await earlyCompile.discard()
            throw error
        }
        await earlyCompile.discard()
        // Stopped by SIGTERM or SIGHUP: the check was cancelled as Ctrl-C cancels it (its
        // programs stopped, its folder removed), and now the process ends by that signal.
        LiveInterruptSource.endIfStopped()
        guard let recorded = checked else { throw ExitCode(2) }
        if !recorded.report.passed { throw ExitCode(1) }
    }

    /// The check itself, shown: what was recorded of it, or nil when it could not be made.
    @MainActor
    private static func check(
        _ exercise: String, fullOutput: Bool, root: CompositionRoot, earlyCompile: EarlyCompile
    ) async throws -> CheckRecorder.Recorded? {
        let workspace = root.workspace()
        let (catalog, isWhole) = try SetupFailure.exitOnError { try root.catalog(forChecking: exercise, in: workspace) }
        root.trace.mark("catalog loaded")
        guard let chosen = catalog.exercise(id: exercise) else {
            try SetupFailure.stop(root.notFound(exercise, in: catalog, isExercise: true))
        }
        try SetupFailure.exitOnError { try workspace.prepare(for: catalog.allExercises) }
        if isWhole { root.updateEditorSupportFiles(in: workspace, for: catalog.allExercises) }
        // No shell and no workspace lock: the attempt is recorded under the progress lock, on
        // top of whatever a shell open on this workspace has saved (see `ProgressStore`).
        // A missing compiler or build is a set-up error (status 2), not a failed check.
        let recorder = try SetupFailure.exitOnError { try root.recorder(for: workspace, catalog: catalog, earlyCompile: earlyCompile).get() }
        let console = ShellConsole(
            terminal: OutputTerminal(style: root.outputStyle(), screenRows: root.outputScreenRows()),
            interrupts: LiveInterruptSource.installed(stopSignalsToo: true), clock: ContinuousClock()
        )
        let runner = CheckRunner(
            console: console, fileSystem: root.fileSystem, catalog: catalog, workspace: workspace,
            recorder: .success(recorder), fromCommandLine: true
        )
        root.trace.mark("checker ready")
        let checked = await runner.check(chosen, fullOutput: fullOutput)
        root.trace.mark("report shown")
        return checked
    }
}
