import ClassProtocol
import DojoCatalog
import DojoCore
import Foundation

/// `ask [question]`: raise a hand in the live class, sending the current exercise's file with
/// it, after showing exactly what goes.
struct AskCommand: ShellCommand {
    typealias Context = any CommandScreen & CourseReading & ProgressKeeping & LearnerFiles & ClassroomReaching & TimeTelling

    let name = "ask"
    let usage = "ask [your question]"
    let summary = "Raise your hand in the live class: your teacher gets your exercise file and question."
    let details = """
    Sends your teacher the current exercise's file, your question (the words after 'ask') and \
    what your last check said. It shows all of it first and asks before sending: this is the \
    only command that sends your code anywhere.
    """

    /// Lines of the file shown before asking; the whole file is sent.
    static let linesShown = 30

    func run(_ arguments: [String], session: Context) async -> CommandOutcome {
        let printer = session.printer
        let classroom = session.classroom
        guard let membership = classroom.membership else {
            printer.line("'ask' raises your hand in a live class, and you are not in one. 'class join <url> <code>' joins your teacher's.")
            return .keepGoing
        }
        guard let exercise = session.currentExercise else {
            printer.line("Open the exercise you are stuck on first ('exercise <id>'): 'ask' sends its file.")
            return .keepGoing
        }
        let file = session.workspace.file(for: exercise)
        guard let text = try? session.fileSystem.text(of: file) else {
            printer.line("Your file for \(exercise.id) is not there yet (\(file.path)): 'exercise \(exercise.id)' makes it.")
            return .keepGoing
        }
        let question = arguments.joined(separator: " ").trimmingCharacters(in: .whitespaces)
        let record = session.progress.exercise(exercise.id)
        let report: String
        // What the file did when last checked: a pass recorded before it says nothing of the
        // file the teacher is about to read.
        if record.passedLastCheck {
            report = "passed"
        } else if record.attempts == 0 {
            report = "not checked yet"
        } else {
            let failures = record.lastFailures ?? []
            report = "failed (\(CountedNoun.words(record.attempts, "attempt")))" + (failures.isEmpty ? "" : ": " + failures.joined(separator: "; "))
        }
        let event = ClassEvent(
            kind: .ask, time: session.timeSource.now(), lessonID: exercise.lessonID, exerciseID: exercise.id,
            askText: question.isEmpty ? nil : question, askFile: text, askFileName: file.lastPathComponent, askReport: "Last check: " + report
        ).fitted()

        printer.heading("This goes to \"\(membership.className)\" (\(membership.serverURL.absoluteString)):")
        printer.line("Exercise: \(exercise.id)", indent: "  ")
        printer.line("Question: " + (event.askText ?? "(none: type 'ask <your question>' to add one)"), indent: "  ")
        printer.line("Last check: \(report)", indent: "  ")
        var lines = (event.askFile ?? "").split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }   // the newline that ends the last line
        printer.line("Your file, \(file.lastPathComponent) (\(CountedNoun.words(lines.count, "line"))):", indent: "  ")
        for (number, line) in lines.prefix(Self.linesShown).enumerated() {
            printer.line(String(format: "%4d  ", number + 1) + line, indent: "  ")
        }
        if lines.count > Self.linesShown {
            printer.line("… and \(CountedNoun.words(lines.count - Self.linesShown, "line")) more, sent too", indent: "  ")
        }
        guard session.terminal.confirm("Send this to your teacher?") else {
            printer.line("Nothing was sent.")
            return .keepGoing
        }
        classroom.record(event)
        printer.success("Your hand is up: your teacher sees your question and your file. 'class status' shows when it has been delivered.")
        return .keepGoing
    }
}
