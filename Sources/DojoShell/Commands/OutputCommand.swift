/// `output`: the last check's whole report, of which the check showed only what fits the
/// screen with its verdict: every check, compile error, wiring note and caught planted bug, and
/// all that the learner's code printed.
struct OutputCommand: ShellCommand {
    typealias Context = any CommandScreen & LearnerFiles & CheckRunning

    let name = "output"
    let usage = "output"
    let summary = "The last check's whole report, with all your code printed."
    var details: String {
        "A failed check shows only the last \(CheckReportView.outputTailLines) lines of what your code printed, and no more failed checks, compile errors and wiring notes than fit the screen, so that its verdict stays on it; the planted bugs your tests caught may then be counted on one line. 'output' shows the whole report, from the last check of this session (through the pager when it is taller than the screen)."
    }

    func run(_ arguments: [String], session: Context) async -> CommandOutcome {
        guard let last = session.lastCheck else {
            session.printer.line("No check has run yet in this session: 'check' runs one, then 'output' shows what your code printed.")
            return .keepGoing
        }
        session.paged { printer in
            CheckReportView(printer: printer, fileSystem: session.fileSystem).showWholeReport(
                of: last.report, exercise: last.exercise, learnerFile: session.learnerFile(for: last.exercise)
            )
        }
        return .keepGoing
    }
}
