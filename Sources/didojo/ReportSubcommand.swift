import ArgumentParser
import DojoCore
import Foundation

/// `didojo report --format md|json [--output FILE]`: the learner's report, for handing in.
struct ReportSubcommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "The learner's results per lesson and exercise: passed, checks run, hints, time to pass; totals at the top."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case md, json
    }

    @OptionGroup var global: GlobalOptions

    @Option(help: "md (Markdown) or json.")
    var format: Format = .md

    @Option(help: ArgumentHelp("Write the report to this file instead of standard output.", valueName: "file"))
    var output: String?

    @MainActor
    func run() async throws {
        let root = CompositionRoot(options: global.setup)
        let catalog = try SetupFailure.exitOnError { try root.catalog() }
        let workspace = root.workspace()
        let progress = try SetupFailure.exitOnError { try root.readProgress(of: workspace) }
        let report = LearnerReport(catalog: catalog, progress: progress, workspace: workspace.root.path, writtenAt: root.timeSource.now())
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
