/// `output`: all that the learner's code printed during the last check, which the check's
/// report cuts to its last lines.
struct OutputCommand: ShellCommand {
    let name = "output"
    let usage = "output"
    let summary = "All that your code printed during the last check."
    var details: String {
        "A failed check shows only the last \(CheckReportView.outputTailLines) lines of what your code printed, so that its verdict stays on the screen. 'output' shows all of it, from the last check of this session (through the pager when it is taller than the screen)."
    }

    func run(_ arguments: [String], session: ShellSession) async -> CommandOutcome {
        guard let last = session.lastCheck else {
            session.printer.line("No check has run yet in this session: 'check' runs one, then 'output' shows what your code printed.")
            return .keepGoing
        }
        session.paged { printer in
            CheckReportView(printer: printer, fileSystem: session.dependencies.fileSystem).showWholeOutput(of: last.report, exercise: last.exercise)
        }
        return .keepGoing
    }
}
