import DojoCatalog
import DojoCore
import DojoGrading
import Foundation
import TerminalMarkdown
import WiringAnalysis
import WiringModel

/// Shows a check report in the learner's terms: what passed, what failed and why, and where.
@MainActor
struct CheckReportView {
    var printer: Printer
    let fileSystem: any FileSystem
    /// Whether all of the learner's output is shown (`check --full-output`), rather than its
    /// last `outputTailLines` lines; the report is then never cut to `rowBudget`.
    var fullOutput = false
    /// How many rows the report may take, so that its verdict is still on the screen when the
    /// prompt comes back (the screen's height less the prompt and the next step): past it,
    /// compile errors and wiring notes are counted instead of shown, and fewer of the
    /// learner's output lines are shown, the first compile error and the failing checks
    /// always. Nil for no limit (a pipe, a script): every compile error and note is shown.
    var rowBudget: Int?
    /// What the learner types to see what the report left out, quoted.
    var wholeReportCommand = "'output'"
    /// How the list of checks is cut (see `fitted`).
    var checksShown = ChecksShown()
    /// The words before "(16 lines):" over all that the learner's code printed, when it is
    /// shown whole after the check (`output`); nil in the check's own report.
    var wholeOutputHeading: String?
    /// How many of the last lines of the learner's output a failed check shows: few enough
    /// that, at 24 rows, the verdict and the failing checks above stay on the screen
    /// ('output' shows the whole).
    static let outputTailLines = 6
    /// How many of the learner's calls that led to a crash are listed after the crash's place.
    private let maxCallersShown = 4

    func show(_ report: CheckReport, exercise: Exercise, learnerFile: URL) {
        // Each part is drawn aside first, to be measured against the rows there are.
        let diagnostics = report.outcome == .compileFailed
            ? report.diagnostics.map { diagnostic in drawn { $0.showDiagnostic(diagnostic, checksFile: exercise.checks) } }
            : []
        let notes = report.wiringNotes.map { note in drawn { $0.showWiringNote(note) } }
        // On a pass the success line (and what to do next) is all the learner needs, unless
        // they ask for the whole (`output`).
        let output = report.passed && wholeOutputHeading == nil ? [] : Self.outputLines(of: report.output)
        let trailer = drawn { $0.showConfinement(of: report) }
        let layout = fitted(trailer: trailer, diagnostics: diagnostics, notes: notes, output: output, report: report, exercise: exercise)
        printer.terminal.write(head(of: report, exercise: exercise, checks: layout.checks))
        printer.terminal.write(diagnosticsSection(diagnostics, shown: layout.diagnostics))
        printer.terminal.write(wiringSection(notes, shown: layout.notes, exercise: exercise))
        printer.terminal.write(outputSection(output, shown: layout.outputLines, droppedBytes: report.droppedOutputBytes))
        printer.terminal.write(trailer)
    }

    /// All of a check's report, cut nowhere, as `output` shows it after the check: every
    /// check, compile error and wiring note, and all that the learner's code printed.
    func showWholeReport(of report: CheckReport, exercise: Exercise, learnerFile: URL) {
        var whole = self
        whole.fullOutput = true
        whole.rowBudget = nil
        whole.wholeOutputHeading = "Your code printed, during the last check of \(exercise.id)"
        whole.show(report, exercise: exercise, learnerFile: learnerFile)
        if report.output.isEmpty && report.outcome != .compileFailed {
            printer.line("Your code printed nothing during the last check of \(exercise.id).")
        }
    }

    /// How a list of checks is cut to fit the screen.
    struct ChecksShown: Equatable {
        /// The checks that hold as one line that counts them, rather than one line each.
        var passedOnOneLine = false
        /// How many of the failed checks are listed (with their messages), from the first.
        var failed = Int.max
        /// The planted bugs the learner's tests caught as one line that counts them, rather than
        /// one each with the tests that caught it: those they missed are what the learner acts on.
        var caughtOnOneLine = false
    }

    /// How much of each part of a report is shown.
    struct Layout: Equatable {
        var checks = ChecksShown()
        var diagnostics: Int
        var notes: Int
        var outputLines: Int
    }

    /// What fits in `rowBudget`, in order of what matters: the verdict and the first failed
    /// check (always), the other failed checks (the checks that hold go on one line first), the
    /// first compile error (always), the last lines of the output (up to `outputTailLines`), the
    /// next compile errors, the wiring notes (a heuristic beside the checks). What is left out
    /// is counted, on one line when nothing of it fits.
    private func fitted(
        trailer: String, diagnostics: [String], notes: [String], output: [Substring], report: CheckReport, exercise: Exercise
    ) -> Layout {
        let tail = fullOutput ? output.count : min(Self.outputTailLines, output.count)
        guard let budget = rowBudget, !fullOutput else {
            return Layout(diagnostics: diagnostics.count, notes: notes.count, outputLines: tail)
        }
        func rows(_ text: String) -> Int { text.isEmpty ? 0 : ScreenRows.count(of: text, width: printer.style.width) }
        let dropped = report.droppedOutputBytes
        var left = budget - rows(trailer)
        // The head gets what the other parts leave at their smallest.
        let smallest = rows(diagnosticsSection(diagnostics, shown: min(1, diagnostics.count)))
            + rows(outputSection(output, shown: 0, droppedBytes: dropped))
            + rows(wiringSection(notes, shown: 0, exercise: exercise))
        let failed = report.checks.filter { !$0.passed }.count
        let choices = [ChecksShown(), ChecksShown(passedOnOneLine: true), ChecksShown(passedOnOneLine: true, caughtOnOneLine: true)]
            + stride(from: failed - 1, through: 1, by: -1).map { ChecksShown(passedOnOneLine: true, failed: $0, caughtOnOneLine: true) }
        let checks = choices.first { rows(head(of: report, exercise: exercise, checks: $0)) <= left - smallest } ?? choices.last!
        left -= rows(head(of: report, exercise: exercise, checks: checks))
        var shownDiagnostics = min(1, diagnostics.count)
        left -= rows(diagnosticsSection(diagnostics, shown: shownDiagnostics))
        var shownOutput = tail
        while shownOutput > 0 && rows(outputSection(output, shown: shownOutput, droppedBytes: dropped)) > left { shownOutput -= 1 }
        left -= rows(outputSection(output, shown: shownOutput, droppedBytes: dropped))
        while shownDiagnostics < diagnostics.count {
            let more = rows(diagnosticsSection(diagnostics, shown: shownDiagnostics + 1))
                - rows(diagnosticsSection(diagnostics, shown: shownDiagnostics))
            guard more <= left else { break }
            left -= more
            shownDiagnostics += 1
        }
        var shownNotes = notes.count
        while shownNotes > 0 && rows(wiringSection(notes, shown: shownNotes, exercise: exercise)) > left { shownNotes -= 1 }
        return Layout(checks: checks, diagnostics: shownDiagnostics, notes: shownNotes, outputLines: shownOutput)
    }

    /// The verdict and what it rests on (see `showVerdict`), its checks listed as `checks` says.
    private func head(of report: CheckReport, exercise: Exercise, checks: ChecksShown) -> String {
        var view = self
        view.checksShown = checks
        return view.drawn { $0.showVerdict(report, exercise: exercise) }
    }

    /// What `draw` writes through a view like this one, kept aside.
    private func drawn(_ draw: (CheckReportView) -> Void) -> String {
        let collected = CollectingTerminal(style: printer.style, isInteractive: printer.terminal.isInteractive)
        var view = self
        view.printer = Printer(terminal: collected)
        draw(view)
        return collected.text
    }

    /// The verdict and what it rests on: the checks, the planted bugs, the crash; of a compile
    /// failure only the verdict (its errors are measured one by one).
    private func showVerdict(_ report: CheckReport, exercise: Exercise) {
        let total = report.checks.count
        switch report.outcome {
        case .passed where exercise.kind == .test:
            printer.success("\(exercise.id) passed: your tests pass on the correct code and catch all \(report.mutants.count) planted bugs.")
            showMutants(report.mutants)
        case .passed:
            printer.success("\(exercise.id) passed: " + (total == 1 ? "its one check holds." : "all \(total) checks hold."))
        case .checksFailed where exercise.kind == .test:
            // The learner's own tests and the lesson's checks on their file fail for different
            // reasons, so they are reported apart.
            let own = report.checks.filter { report.learnerTestClasses.contains($0.testCase) }
            let lessons = report.checks.filter { !report.learnerTestClasses.contains($0.testCase) }
            if lessons.contains(where: { !$0.passed }) {
                printer.failure("\(exercise.id): \(lessons.filter { !$0.passed }.count) of \(lessons.count) checks on your file failed.")
                showChecks(lessons)
            }
            if own.contains(where: { !$0.passed }) {
                printer.failure("\(exercise.id): \(own.filter { !$0.passed }.count) of \(own.count) of your tests fail against the correct code. A test must pass when nothing is broken, before it can catch bugs.")
                showChecks(own)
            }
        case .checksFailed:
            let failed = report.checks.filter { !$0.passed }.count
            printer.failure("\(exercise.id): \(failed) of \(total) \(total == 1 ? "check" : "checks") failed.")
            showChecks(report.checks)
        case .noTestsWritten:
            printer.failure("\(exercise.id): your file holds no test yet. Write a `final class …: XCTestCase` with at least one `func test…()` method.")
        case .mutantsSurvived:
            let missed = report.mutants.filter { !$0.caught }.count
            printer.failure("\(exercise.id): your tests pass on the correct code, but let \(missed) of \(report.mutants.count) planted bugs through.")
            showMutants(report.mutants)
            printer.note("A test catches a bug when it fails on the broken code: assert on everything the code must do, not just that it ran.")
        case .compileFailed:
            printer.failure("\(exercise.id) does not compile yet.")
        case .crashed(let crash) where crash.exitStatus != nil:
            let during = crash.checkName.map { " while checking '\($0)'" } ?? ""
            printer.failure("\(exercise.id): your code ended early with exit status \(crash.exitStatus ?? 0)\(during), before the checks had finished.")
            if let message = crash.message {
                printer.line(message, indent: "    ")
            }
            printer.note("Your code ended the program itself (a call to `exit()` does that). The checks run in the same program, so they ended with it: return from the function, or throw an error, instead of exiting. DIDojo itself is fine.")
            showChecks(report.checks.filter(\.finished))
        case .crashed(let crash):
            let during = crash.checkName.map { " while checking '\($0)'" } ?? ""
            printer.failure("\(exercise.id): your code \(Self.howItEnded(crash.signal))\(during).")
            if let message = crash.message {
                printer.line(message, indent: "    ")
            }
            if crash.stackOverflow {
                printer.line("The stack overflowed: a function kept calling itself, or two kept calling each other, without end.", indent: "    ")
            }
            showCrashLocation(crash)
            if crash.stackOverflow {
                let unknown = crash.location == nil
                    ? " Which function it was could not be read this time: look for one that calls itself with nothing to stop it."
                    : ""
                printer.note("A crash counts as a failed check; DIDojo itself is fine.\(unknown)")
            } else if crash.signal.contains("SIGXFSZ") {
                // The learner's program met RLIMIT_FSIZE (see ChildProcessRequest.fileSizeLimit).
                printer.note("Your code wrote a file bigger than a check may write, and was stopped there. Look for a loop that keeps writing to a file, or a file written again and again without being emptied. DIDojo itself is fine.")
            } else if crash.message?.contains("failed to allocate") == true {
                // The runtime's words when the check's memory limit is reached.
                printer.note("Your code ran out of memory: it asked for more than a check may use. Look for an array or a string that keeps growing in a loop that never ends. DIDojo itself is fine.")
            } else {
                printer.note("A crash counts as a failed check; DIDojo itself is fine. Common causes: force-unwrapping a nil optional (!), fatalError(), an index out of range, or a function that calls itself forever.")
            }
            showChecks(report.checks.filter(\.finished))
        case .timedOut(let seconds):
            let running = report.checks.first { !$0.finished }.map { " (while checking '\($0.readableName)')" } ?? ""
            printer.failure("\(exercise.id): the checks took longer than \(Self.format(seconds)) seconds and were stopped\(running). Is there a loop that never ends, or code waiting for something that never comes?")
        case .resultsInterfered(let reason):
            printer.failure("\(exercise.id): the check's results were interfered with: \(reason).")
            printer.note("Only your code runs beside the checks, so it interfered with how they report, and nothing they reported can be believed: this check is not a pass. Take out whatever reads or writes files, or calls into XCTest, that the task does not ask for, then check again.")
        case .cancelled:
            printer.note("Check of \(exercise.id) cancelled.")
        case .tooMuchOutput(let dropped):
            let printed = Self.megabytes(report.output.utf8.count + dropped)
            printer.failure("\(exercise.id): the checks pass, but your code printed \(printed) of output, far more than a check keeps.")
            printer.note("Finished code does not flood its output. Look for a print() inside a loop, or one left in from debugging, and take it out. The start of what it printed is below.")
        }
    }

    private func showConfinement(of report: CheckReport) {
        if let refusal = report.confinementRefusal { printer.note(refusal) }
        // Never silently: a run the kernel could not confine says so, on every check.
        if !report.confinementGaps.isEmpty {
            printer.note("not confined: " + report.confinementGaps.joined(separator: "; "))
        }
    }

    /// What the wiring analysis saw where the check failed, the first `shown` notes of
    /// `notes`, each with its line: a heuristic beside the checks (every sentence says "looks
    /// like"), never a failure of its own. With none shown, one line counts them.
    private func wiringSection(_ notes: [String], shown: Int, exercise: Exercise) -> String {
        guard !notes.isEmpty else { return "" }
        return drawn { view in
            let printer = view.printer
            let heading = printer.paint("Wiring:", ANSI.bold)
            let heuristic = "(read from the shape of your file, a heuristic)"
            guard shown > 0 else {
                printer.line(heading + " " + printer.paint("\(CountedNoun.words(notes.count, "note")) (a heuristic): \(wholeReportCommand) shows them; 'graph \(exercise.id)' draws it.", ANSI.dim), indent: "  ")
                return
            }
            printer.line()
            printer.line(heading + " " + printer.paint(heuristic, ANSI.dim), indent: "  ")
            printer.terminal.write(notes.prefix(shown).joined())
            if shown < notes.count {
                printer.note("    …and \(CountedNoun.words(notes.count - shown, "note")) more: \(wholeReportCommand) shows them all.")
            }
            printer.note("    'graph \(exercise.id)' draws the wiring of your file.")
        }
    }

    private func showWiringNote(_ note: WiringFinding) {
        let place = "\(URL(fileURLWithPath: note.file).lastPathComponent):\(note.line)"
        printer.line(printer.paint(place, ANSI.bold) + " " + note.message, indent: "    ")
        showSourceLine(note.line, column: 0, of: note.file)
    }

    private func showChecks(_ checks: [CheckResult]) {
        let passed = checks.filter(\.passed).count
        let failed = checks.count - passed
        var listed = 0
        for check in checks {
            if check.passed {
                if !checksShown.passedOnOneLine {
                    printer.line(printer.paint("✓ " + check.readableName, ANSI.dim), indent: "  ")
                }
                continue
            }
            guard listed < checksShown.failed else { continue }
            listed += 1
            printer.line(printer.paint("✗", ANSI.red) + " " + check.readableName, indent: "  ")
            for failure in check.failures {
                let (message, detail) = failure.parts
                if !message.isEmpty { printer.line(message, indent: "      ") }
                // XCTest's detail helps when it carries the compared values ("failed: (…)"),
                // or when there is no message; a bare "XCTAssertTrue failed" says nothing more.
                if !detail.isEmpty && (detail.contains("failed:") || message.isEmpty) {
                    printer.line(printer.paint(detail, ANSI.dim), indent: "      ")
                }
            }
        }
        if failed > listed {
            printer.note("  …and \(CountedNoun.words(failed - listed, "failed check")) more: \(wholeReportCommand) shows them all.")
        }
        if checksShown.passedOnOneLine && passed > 0 {
            printer.line(printer.paint("✓ " + (passed == 1 ? "1 other check holds" : "\(passed) other checks hold"), ANSI.dim), indent: "  ")
        }
    }

    private func showMutants(_ mutants: [MutantResult]) {
        for result in mutants {
            if result.caught {
                guard !checksShown.caughtOnOneLine else { continue }
                let by = result.caughtBy.isEmpty ? "" : " (by '\(result.caughtBy.joined(separator: "', '"))')"
                printer.line(printer.paint("✓ caught: " + result.mutant.description + by, ANSI.dim), indent: "  ")
            } else {
                printer.line(printer.paint("✗", ANSI.red) + " your test did not notice: " + result.mutant.description, indent: "  ")
            }
        }
        let caught = mutants.filter(\.caught).count
        if checksShown.caughtOnOneLine && caught > 0 {
            let other = caught < mutants.count ? "other " : ""
            printer.line(printer.paint(
                "✓ \(caught) \(other)planted \(caught == 1 ? "bug" : "bugs") caught: \(wholeReportCommand) shows which of your tests caught each.",
                ANSI.dim), indent: "  ")
        }
    }

    /// The first `shown` of a compile failure's errors (each drawn by `showDiagnostic`), and how
    /// many more there are.
    private func diagnosticsSection(_ diagnostics: [String], shown: Int) -> String {
        drawn { view in
            view.printer.terminal.write(diagnostics.prefix(shown).joined())
            if shown < diagnostics.count {
                view.printer.note("  …and \(CountedNoun.words(diagnostics.count - shown, "error")) more: \(wholeReportCommand) shows them all. Fix the first ones: later errors often follow from them.")
            }
        }
    }

    private func showDiagnostic(_ diagnostic: CompilerDiagnostic, checksFile: URL) {
        let inChecks = diagnostic.file == checksFile.path
        printer.line()
        if diagnostic.file.isEmpty {
            printer.line(diagnostic.message, indent: "  ")
            return
        }
        let place = "\(URL(fileURLWithPath: diagnostic.file).lastPathComponent):\(diagnostic.line):\(diagnostic.column)"
        printer.line(printer.paint(place, ANSI.bold) + ": " + printer.paint("error:", ANSI.red) + " " + diagnostic.message, indent: "  ")
        if inChecks {
            printer.line(printer.paint("(This line is in the exercise's checks, which use your code the way the task describes.)", ANSI.dim), indent: "    ")
        }
        showSourceLine(diagnostic.line, column: diagnostic.column, of: diagnostic.file)
        for note in diagnostic.notes.prefix(3) {
            let where_ = URL(fileURLWithPath: note.file).lastPathComponent
            printer.line(printer.paint("note:", ANSI.dim) + " \(note.message) (\(where_):\(note.line))", indent: "    ")
        }
        if let plain = diagnostic.explanation {
            printer.line("In plain words: " + plain, indent: "    ")
        }
    }

    /// Where in the learner's file the code crashed, and the calls of theirs that led there
    /// (the runtime's and libraries' frames are left out by the checker).
    /// The signal's words as the rest of a sentence that starts "your code …": "crashed
    /// (illegal instruction / trap) (SIGILL)", "crashed: segmentation fault (SIGSEGV)", "was
    /// stopped: file size limit exceeded (SIGXFSZ)".
    static func howItEnded(_ signal: String) -> String {
        if signal.hasPrefix("crashed") { return signal }
        if signal.contains("SIGXFSZ") || signal.contains("SIGXCPU") || signal.contains("SIGKILL") { return "was stopped: \(signal)" }
        return "crashed: \(signal)"
    }

    private func showCrashLocation(_ crash: CrashInfo) {
        guard let location = crash.location else { return }
        printer.line("Crashed at " + printer.paint(location.place, ANSI.bold) + Self.inFunction(location), indent: "    ")
        showSourceLine(location.line, column: location.column, of: location.file)
        let callers = crash.frames.dropFirst()
        for frame in callers.prefix(maxCallersShown) {
            printer.line("called from \(frame.place)\(Self.inFunction(frame))", indent: "    ")
        }
        if callers.count > maxCallersShown {
            printer.line("… and \(callers.count - maxCallersShown) more calls in your file", indent: "    ")
        }
    }

    /// " in SocialPresenter.share(_:)", or nothing when the function is not known.
    private static func inFunction(_ frame: CrashFrame) -> String {
        frame.function.isEmpty ? "" : " in \(frame.function)"
    }

    /// Line `number` of `file` with a caret under `column` (none when the column is not known),
    /// cut to the terminal's width around the caret: its indentation first, then its ends,
    /// each cut end marked "…". A line the terminal wrapped itself would leave the caret
    /// pointing at nothing.
    private func showSourceLine(_ number: Int, column: Int, of file: String) {
        guard let text = try? fileSystem.text(of: URL(fileURLWithPath: file)) else { return }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard number >= 1, number <= lines.count else { return }
        let numberText = String(number)
        let source = String(lines[number - 1]).replacingOccurrences(of: "\t", with: "    ")
        let room = printer.style.width - "    \(numberText) | ".count
        let (shown, caret) = Self.fitted(source, caret: column >= 1 ? column - 1 : nil, room: room)
        printer.verbatim("    \(numberText) | \(shown)")
        guard let caret else { return }
        printer.verbatim("    " + String(repeating: " ", count: numberText.count) + " | " + String(repeating: " ", count: caret) + printer.paint("^", ANSI.green))
    }

    /// `source` in at most `room` characters, keeping the character at offset `caret` (when
    /// given) and saying where it went: without its indentation if that is enough, else a
    /// window around the caret with "…" where it was cut.
    static func fitted(_ source: String, caret: Int?, room: Int) -> (text: String, caret: Int?) {
        var characters = Array(source)
        var caret = caret
        guard characters.count > room, room > 2 else { return (source, caret) }
        let indent = characters.prefix { $0 == " " }.count
        let dropped = min(indent, caret ?? indent)
        characters.removeFirst(dropped)
        caret = caret.map { $0 - dropped }
        guard characters.count > room else { return (String(characters), caret) }
        let target = min(caret ?? 0, characters.count - 1)
        let start = max(0, min(target - room / 2, characters.count - room))
        var window = Array(characters[start..<(start + room)])
        if start > 0 { window[0] = "…" }
        if start + room < characters.count { window[room - 1] = "…" }
        return (String(window), caret.map { $0 - start })
    }

    /// The last `shown` lines of `lines`, what the learner's code printed, and how many more
    /// there are; with none shown, one line counts them.
    private func outputSection(_ lines: [Substring], shown: Int, droppedBytes: Int) -> String {
        guard !lines.isEmpty else { return "" }
        return drawn { view in
            let printer = view.printer
            let hidden = lines.count - shown
            if let heading = wholeOutputHeading {
                printer.note("\(heading) (\(CountedNoun.words(lines.count, "line"))):")
                view.showOutputLines(lines[...])
            } else if shown == 0 {
                printer.note("Your code printed \(CountedNoun.words(lines.count, "line")): \(wholeReportCommand) shows them all.")
            } else {
                printer.note(hidden == 0 ? "Your code printed:" : shown == 1 ? "Your code printed (the last line):" : "Your code printed (the last \(shown) lines):")
                view.showOutputLines(lines.suffix(shown))
                if hidden > 0 {
                    printer.note("  …and \(CountedNoun.words(hidden, "line")) more: \(wholeReportCommand) shows them all.")
                }
            }
            if droppedBytes > 0 {
                printer.note("  (The output was too long: the last \(droppedBytes) bytes were dropped.)")
            }
        }
    }

    private func showOutputLines(_ lines: ArraySlice<Substring>) {
        printer.verbatim(lines.map { "  │ " + Self.shortened($0) }.joined(separator: "\n"))
    }

    /// The lines of `output`, without the empty one after its last newline.
    static func outputLines(of output: String) -> [Substring] {
        var lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// A line of the learner's output, cut when it would fill screens on its own.
    private static func shortened(_ line: Substring) -> String {
        let limit = 300
        guard line.count > limit else { return String(line) }
        return line.prefix(limit) + " … (\(line.count - limit) more characters)"
    }

    /// "about 98 MB", or "1.2 MB" below ten.
    private static func megabytes(_ bytes: Int) -> String {
        let value = Double(bytes) / 1_000_000
        return value < 10 ? String(format: "%.1f MB", value) : "about \(Int(value.rounded())) MB"
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
