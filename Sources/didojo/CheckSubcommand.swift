import ArgumentParser
import DojoCore
import DojoShell
import Foundation

/// `didojo check <exercise-id>`: exit status 0 passed, 1 failed, 2 usage or set-up error.
struct CheckSubcommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check one exercise: exit status 0 when it passes, 1 when it fails, 2 for a usage or set-up error."
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The exercise, e.g. no-di.1.")
    var exercise: String

    @MainActor
    func run() async throws {
        let root = CompositionRoot(options: global.setup)
        let catalog = try SetupFailure.exitOnError { try root.catalog() }
        guard let chosen = catalog.exercise(id: exercise) else {
            let suggestion = ClosestMatch.find(exercise, among: catalog.allExercises.map(\.id))
            try SetupFailure.stop(DojoError.unknownExercise(exercise, suggestion: suggestion))
        }
        let workspace = root.workspace()
        try SetupFailure.exitOnError { try workspace.prepare(for: catalog.allExercises) }
        root.updateEditorSupportFiles(in: workspace, for: catalog.allExercises)
        // A check records an attempt in the progress; with a shell open on the workspace, that
        // shell would later save over it. So the check stops and says where to run it instead.
        let lock: WorkspaceLock?
        switch root.lock(workspace, purpose: "didojo check \(exercise)") {
        case .acquired(let held): lock = held
        case .heldBy(let holder): try SetupFailure.stop(DojoError.workspaceInUse(path: workspace.root.path, holder: holder))
        case .unavailable: lock = nil
        }
        defer { withExtendedLifetime(lock) {} }
        let store = root.progressStore(for: workspace)
        let terminal = OutputTerminal(style: root.outputStyle())
        let dependencies = root.shellDependencies(terminal: terminal, catalog: catalog, workspace: workspace, store: store)
        // A missing compiler or build is a set-up error (status 2), not a failed check.
        if case .failure(let problem) = dependencies.checker {
            try SetupFailure.stop(problem)
        }
        let session = ShellSession(dependencies: dependencies, progress: store.load().progress)
        guard let report = await session.runCheck(chosen) else { throw ExitCode(2) }
        if !report.passed { throw ExitCode(1) }
    }
}
