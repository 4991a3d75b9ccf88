import ArgumentParser
import DojoShell
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
        let root = CompositionRoot(options: global.setup)
        let catalog = try SetupFailure.exitOnError { try root.catalog() }
        guard let chosen = catalog.exercise(id: exercise) else {
            try SetupFailure.stop(root.notFound(exercise, in: catalog, isExercise: true))
        }
        let workspace = root.workspace()
        try SetupFailure.exitOnError { try workspace.prepare(for: catalog.allExercises) }
        root.updateEditorSupportFiles(in: workspace, for: catalog.allExercises)
        // No shell and no workspace lock: the attempt is recorded under the progress lock, on
        // top of whatever a shell open on this workspace has saved (see `ProgressStore`).
        // A missing compiler or build is a set-up error (status 2), not a failed check.
        let recorder = try SetupFailure.exitOnError { try root.recorder(for: workspace, catalog: catalog).get() }
        let runner = CheckRunner(
            terminal: OutputTerminal(style: root.outputStyle(), screenRows: root.outputScreenRows()), fileSystem: root.fileSystem,
            interrupts: LiveInterruptSource.installed(), clock: ContinuousClock(), catalog: catalog, workspace: workspace,
            recorder: .success(recorder), fromCommandLine: true
        )
        guard let recorded = await runner.check(chosen, fullOutput: fullOutput) else { throw ExitCode(2) }
        if !recorded.report.passed { throw ExitCode(1) }
    }
}
