import ArgumentParser
import DojoCore
import DojoGrading
import Foundation

/// `didojo report --format md|json [--output FILE]`: the learner's report, for handing in.
struct ReportSubcommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "The learner's results per lesson and exercise: passed, attempts, hints, time to pass; totals at the top."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case md, json
    }

    @OptionGroup var global: GlobalOptions

    @Option(help: "md (Markdown) or json.")
    var format: Format = .md

    @Option(help: ArgumentHelp("Write the report to this file instead of standard output.", valueName: "file"))
    var output: String?

    @Flag(help: "Grade every exercise by its checks first (as 'didojo verify' does), so that each pass is verified now, not taken from the progress file.")
    var verify = false

    @MainActor
    func run() async throws {
        let root = CompositionRoot(options: global.setup)
        let catalog = try SetupFailure.exitOnError { try root.catalog() }
        let workspace = root.workspace()
        if verify {
            let workspace = try SetupFailure.exitOnError { try root.existingWorkspace() }
            let checker = try SetupFailure.exitOnError { try root.checker(for: catalog).get() }
            let recorder = CheckRecorder(checker: checker, store: root.progressStore(for: workspace), timeSource: root.timeSource)
            do {
                try workspace.prepare(for: catalog.allExercises)
                let grades = try await StoppableWork.run(cancelled: VerifySubcommand.gradingCancelled) {
                    try await WorkspaceGrader(recorder: recorder, workspace: workspace).grade(catalog.allExercises)
                }
                if let problem = grades.compactMap(\.saveProblem).first {
                    try SetupFailure.stop(DojoError.workspaceUnusable(path: workspace.root.path, reason: "the grades could not be recorded (\(problem))"))
                }
            } catch let status as ExitCode {
                throw status
            } catch {
                try SetupFailure.stop(error)
            }
        }
        let progress = try SetupFailure.exitOnError { try root.readProgress(of: workspace) }
        let report = LearnerReport(
            catalog: catalog, progress: progress, workspace: workspace.root.path, writtenAt: root.timeSource.now(),
            learner: workspace.learner()?.name, verified: verify
        )
        let text = format == .json ? try report.json() + "\n" : ReportMarkdown.render(report)
        guard let output else {
            print(text, terminator: "")
            return
        }
        let file = CompositionRoot.url(forUserPath: output)
        try SetupFailure.exitOnError { try root.fileSystem.write(text, to: file) }
        print("Report written to \(file.path).")
    }
}
