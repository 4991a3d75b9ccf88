import ArgumentParser
import DojoCore
import DojoShell
import Foundation

/// `didojo run <lesson-id> [options]`: the lesson's example program.
struct RunSubcommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "run", abstract: "Run a lesson's example program.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The lesson, e.g. no-di.")
    var lesson: String

    @Argument(parsing: .captureForPassthrough, help: "The lesson's own options (see 'help run' in the shell).")
    var options: [String] = []

    @MainActor
    func run() async throws {
        let root = CompositionRoot(options: global.setup)
        let catalog = try SetupFailure.exitOnError { try root.catalog() }
        guard catalog.lesson(id: lesson) != nil else {
            try SetupFailure.stop(root.notFound(lesson, in: catalog, isExercise: false))
        }
        let workspace = root.workspace()
        try SetupFailure.exitOnError { try workspace.prepare(for: catalog.allExercises) }
        root.pointTimeline(at: workspace)
        let ending = try SetupFailure.exitOnError {
            try root.demos().run(lessonID: lesson, arguments: options, workspace: workspace.root)
        }
        if let report = ending.demoReport {
            StandardStreams.writeError(report + "\n")
        }
        // The demo's own status: 0 it ran, 2 its options were not understood or it failed
        // (it said why); a crash counts as a failure.
        switch ending {
        case .exited(0): return
        case .exited(let status): throw ExitCode(status)
        case .signaled: throw ExitCode(1)
        }
    }
}
