import DojoCatalog
import DojoCore
import DojoGrading
import Foundation
import LineEditing
import TerminalMarkdown

/// A check report as `didojo check` prints it without color: what a catalogued mistake's
/// `expect` words are looked for in (`didojo verify --mistakes`), so that they prove what the
/// learner reads, not what the report holds somewhere inside.
@MainActor
package enum PlainReportText {
    package static func text(of report: CheckReport, exercise: Exercise, learnerFile: URL, fileSystem: any FileSystem) -> String {
        let terminal = CollectingTerminal(style: .plain)
        CheckReportView(printer: Printer(terminal: terminal), fileSystem: fileSystem).show(report, exercise: exercise, learnerFile: learnerFile)
        return terminal.text
    }
}
