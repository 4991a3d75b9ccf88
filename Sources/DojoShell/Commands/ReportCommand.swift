import DojoCore
import Foundation

/// `report [md|json]`: what the learner has done, shown and written to a file to hand in.
struct ReportCommand: ShellCommand {
    let name = "report"
    let usage = "report [md|json]"
    let summary = "Your results per lesson and exercise, written to a file you can hand in."
    var details: String {
        "Shows, per lesson and exercise, whether you passed, how many checks you ran, how many hints you saw and the time from first opening an exercise to passing it, with the totals at the top. The same report is written to didojo-report.md in your workspace (didojo-report.json with 'report json') for you to hand in."
    }

    func completions(arguments: [String], session: ShellSession) -> [String] {
        arguments.isEmpty ? ["md", "json"] : []
    }

    func run(_ arguments: [String], session: ShellSession) async -> CommandOutcome {
        let printer = session.printer
        let format = arguments.first ?? "md"
        guard ["md", "json"].contains(format) else {
            printer.line("'report' writes md (the default) or json, not '\(format)'. Try 'report' or 'report json'.")
            return .keepGoing
        }
        let report = LearnerReport(
            catalog: session.catalog, progress: session.progress, workspace: session.workspace.root.path,
            writtenAt: session.dependencies.timeSource.now()
        )
        let text: String
        do {
            text = format == "json" ? try report.json() + "\n" : ReportMarkdown.render(report)
        } catch {
            printer.error("Could not put the report together: \(error.localizedDescription)")
            return .keepGoing
        }
        // Markdown tables are padded to read well as they are; rendering them would lose that.
        printer.verbatim(text)
        let file = session.workspace.root.appendingPathComponent("didojo-report.\(format)")
        do {
            try session.dependencies.fileSystem.write(text, to: file)
            printer.success("Written to \(file.path): hand in this file.")
        } catch {
            printer.error("Could not write the report to \(file.path): \(error.localizedDescription). Copy it from above instead.")
        }
        return .keepGoing
    }
}
