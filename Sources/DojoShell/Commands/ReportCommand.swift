import DojoCore
import DojoGrading
import Foundation
import TerminalMarkdown

/// `report [md|json] [--verify]`: what the learner has done, shown and written to a file to
/// hand in; with `--verify`, every exercise graded by its checks first.
struct ReportCommand: ShellCommand {
    typealias Context = any CommandScreen & CourseReading & ProgressKeeping & LearnerFiles & CheckRunning & TimeTelling

    nonisolated static let verifyFlag = "--verify"

    let name = "report"
    let usage = "report [md|json] [--verify]"
    let summary = "Your results per lesson and exercise, written to a file you can hand in."
    var details: String {
        "Shows, per lesson and exercise, whether you passed, how many attempts (runs of 'check' or 'watch') you made, how many hints you saw and the time from first opening an exercise to passing it, with the totals at the top. The same report is written to didojo-report.md in your workspace (didojo-report.json with 'report json') for you to hand in. Its passes are as your progress file recorded them; 'report --verify' first runs the checks of every exercise on your files (a minute or two; Ctrl-C stops it), so that each pass in it is the checks' word, as 'didojo report --verify' does."
    }

    func completions(arguments: [String], session: Context) -> [String] {
        var offered: [String] = []
        if !arguments.contains(where: { ["md", "json"].contains($0) }) { offered += ["md", "json"] }
        if !arguments.contains(Self.verifyFlag) { offered.append(Self.verifyFlag) }
        return offered
    }

    func run(_ arguments: [String], session: Context) async -> CommandOutcome {
        let printer = session.printer
        var format = "md"
        var verify = false
        for word in arguments {
            if word == Self.verifyFlag {
                verify = true
            } else if word.hasPrefix("-") {
                printer.line("'report' has no option '\(word)'. It takes md or json, and --verify: 'report --verify'.")
                return .keepGoing
            } else if ["md", "json"].contains(word) {
                format = word
            } else {
                printer.line("'report' writes md (the default) or json, not '\(word)'. Try 'report' or 'report json'.")
                return .keepGoing
            }
        }
        if verify {
            guard await gradeEveryExercise(session: session) else { return .keepGoing }
        }
        let report = LearnerReport(
            catalog: session.catalog, progress: session.progress, workspace: session.workspace.root.path,
            writtenAt: session.timeSource.now(), learner: session.workspace.learner()?.name, verified: verify
        )
        let text: String
        do {
            text = format == "json" ? try report.json() + "\n" : ReportMarkdown.render(report)
        } catch {
            printer.error("Could not put the report together: \(error.localizedDescription)")
            return .keepGoing
        }
        session.paged { printer in
            if format == "json" {
                printer.verbatim(text)
            } else {
                // The file's Markdown tables are as wide as their longest title; on screen the
                // same report is laid out to the terminal's width.
                show(report, printer: printer)
            }
        }
        let file = session.workspace.root.appendingPathComponent("didojo-report.\(format)")
        do {
            try session.fileSystem.write(text, to: file)
            printer.success("Written to \(file.path): hand in this file.")
        } catch {
            printer.error("Could not write the report to \(file.path): \(error.localizedDescription). Copy it from above instead.")
        }
        return .keepGoing
    }

    // MARK: Verifying

    /// Grades every exercise by its checks, as `didojo verify` does, and takes in the grades.
    /// False (the reason printed) when it could not, or was stopped: then no report claims to
    /// be verified.
    private func gradeEveryExercise(session: Context) async -> Bool {
        let printer = session.printer
        let recorder: CheckRecorder
        switch session.recorder {
        case .success(let ready): recorder = ready
        case .failure(let problem):
            printer.error(problem.localizedDescription)
            return false
        }
        let exercises = session.catalog.allExercises
        let grader = WorkspaceGrader(recorder: recorder, workspace: session.workspace)
        let spinner = Spinner(terminal: session.terminal, label: "Checking all \(CountedNoun.words(exercises.count, "exercise")) on your files", clock: session.clock)
        spinner.start()
        let grades: [WorkspaceGrader.Grade]
        do {
            try session.workspace.prepare(for: exercises)
            grades = try await session.interrupts.cancellingOnInterrupt {
                try await grader.grade(exercises)
            }
        } catch is CancellationError {
            spinner.stop()
            printer.note("Verifying stopped: no report was written. 'report' writes one from your progress as recorded.")
            return false
        } catch {
            spinner.stop()
            printer.error("Could not check your files: \(error.localizedDescription)")
            return false
        }
        spinner.stop()
        session.refreshProgress()
        if let problem = grades.compactMap(\.saveProblem).first {
            printer.error("The grades could not be recorded in your progress (\(problem)), so the report cannot say they were verified.")
            return false
        }
        if grades.contains(where: { $0.report?.outcome == .cancelled }) {
            printer.note("Verifying stopped: no report was written. 'report' writes one from your progress as recorded.")
            return false
        }
        let passed = grades.filter(\.passed).count
        printer.note("Checked now: \(passed) of \(CountedNoun.words(grades.count, "exercise")) pass.")
        return true
    }

    // MARK: On screen

    /// The columns right of the title: header, and whether the values are right-aligned.
    private static let numberColumns: [(header: String, alignRight: Bool)] = [
        ("attempts", true), ("hints", true), ("time to pass", false),
    ]
    /// Narrower than this, a title column would be mostly wrapping; the table overflows instead.
    private static let narrowestTitle = 12

    private func show(_ report: LearnerReport, printer: Printer) {
        let totals = report.totals
        printer.heading("DIDojo report")
        printer.line("Exercises passed: \(totals.exercisesPassed) of \(totals.exercises) · attempts: \(totals.attempts) · hints shown: \(totals.hintsShown) · solutions seen: \(totals.solutionsSeen)")
        let time = totals.secondsToPass.map { DurationWords.describe(seconds: $0) } ?? "not known"
        printer.line("Time from first open to first pass, over the passed exercises: \(time)")
        for lesson in report.lessons {
            printer.line()
            printer.heading("\(lesson.id): \(lesson.title) (\(lesson.exercisesPassed) of \(lesson.exercises.count) passed)")
            for line in table(lesson, width: printer.style.width, printer: printer) {
                printer.verbatim(line)
            }
        }
        printer.line()
        printer.note("✓ passed   ✗ not passed yet   · not tried")
    }

    /// A lesson's exercises as rows no wider than `width`: the title column takes the room
    /// the others leave and wraps inside it, so no header is ever broken.
    private func table(_ lesson: LearnerReport.LessonEntry, width: Int, printer: Printer) -> [String] {
        let rows = lesson.exercises.map { exercise in
            (
                mark: StatusMark.mark(exercise.status, printer: printer),
                id: exercise.id,
                title: exercise.title + LearnerReport.solutionNote(exercise),
                numbers: [
                    String(exercise.attempts), String(exercise.hintsShown),
                    exercise.secondsToPass.map { DurationWords.describe(seconds: $0) } ?? "—",
                ]
            )
        }
        let gap = "  "
        let idWidth = ([ "exercise" ] + rows.map(\.id)).map(\.count).max() ?? 0
        let numberWidths = Self.numberColumns.indices.map { column in
            ([Self.numberColumns[column].header] + rows.map { $0.numbers[column] }).map(\.count).max() ?? 0
        }
        // "  ✓ " before the id, a gap after each column but the last.
        let fixed = 4 + idWidth + gap.count + numberWidths.reduce(0) { $0 + gap.count + $1 }
        let longestTitle = (["title"] + rows.map(\.title)).map(\.count).max() ?? 0
        let titleWidth = min(longestTitle, max(Self.narrowestTitle, width - fixed))

        func line(lead: String, id: String, title: String, numbers: [String]) -> String {
            var cells = [lead + pad(id, idWidth), pad(title, titleWidth)]
            for (column, value) in numbers.enumerated() {
                cells.append(pad(value, numberWidths[column], right: Self.numberColumns[column].alignRight))
            }
            return trimmedEnd(cells.joined(separator: gap))
        }

        var lines = [line(lead: "    ", id: "exercise", title: "title", numbers: Self.numberColumns.map(\.header))]
        for row in rows {
            let titleLines = TextWrapper(width: titleWidth).wrapLines(row.title)
            lines.append(line(lead: "  \(row.mark) ", id: row.id, title: titleLines.first ?? "", numbers: row.numbers))
            for more in titleLines.dropFirst() {
                lines.append(line(lead: "    ", id: "", title: more, numbers: numberWidths.map { _ in "" }))
            }
        }
        return lines
    }

    private func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let room = String(repeating: " ", count: max(0, width - text.count))
        return right ? room + text : text + room
    }

    private func trimmedEnd(_ text: String) -> String {
        var text = text
        while text.last == " " { text.removeLast() }
        return text
    }
}
