import DojoCore
import Foundation
import TerminalMarkdown
import WiringAnalysis

/// Shows a check report in the learner's terms: what passed, what failed and why, and where.
@MainActor
struct CheckReportView {
    let printer: Printer
    let fileSystem: any FileSystem
    /// Whether all of the learner's output is shown (`check --full-output`), rather than its
    /// last `outputTailLines` lines.
    var fullOutput = false
    /// How many of the last lines of the learner's output a failed check shows: few enough
    /// that, at 24 rows, the verdict and the failing checks above stay on the screen
    /// ('output' shows the whole).
    static let outputTailLines = 6
    /// How many of the learner's calls that led to a crash are listed after the crash's place.
    private let maxCallersShown = 4

    func show(_ report: CheckReport, exercise: Exercise, learnerFile: URL) {
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
            showDiagnostics(report.diagnostics, learnerFile: learnerFile, checksFile: exercise.checks)
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
        showWiringNotes(report.wiringNotes, exercise: exercise)
        // On a pass the success line (and what to do next) is all the learner needs.
        if !report.passed { showOutput(report) }
        if let refusal = report.confinementRefusal { printer.note(refusal) }
        // Never silently: a run the kernel could not confine says so, on every check.
        if !report.confinementGaps.isEmpty {
            printer.note("not confined: " + report.confinementGaps.joined(separator: "; "))
        }
    }

    /// What the wiring analysis saw where the check failed, each with its line: a heuristic
    /// beside the checks (every sentence says "looks like"), never a failure of its own.
    private func showWiringNotes(_ notes: [WiringFinding], exercise: Exercise) {
        guard !notes.isEmpty else { return }
        printer.line()
        printer.line(printer.paint("Wiring:", ANSI.bold) + " " + printer.paint("(read from the shape of your file, a heuristic)", ANSI.dim), indent: "  ")
        for note in notes {
            let place = "\(URL(fileURLWithPath: note.file).lastPathComponent):\(note.line)"
            printer.line(printer.paint(place, ANSI.bold) + " " + note.message, indent: "    ")
            showSourceLine(note.line, column: 0, of: note.file)
        }
        printer.note("    'graph \(exercise.id)' draws the wiring of your file.")
    }

    private func showChecks(_ checks: [CheckResult]) {
        for check in checks {
            if check.passed {
                printer.line(printer.paint("✓ " + check.readableName, ANSI.dim), indent: "  ")
                continue
            }
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
    }

    private func showMutants(_ mutants: [MutantResult]) {
        for result in mutants {
            if result.caught {
                let by = result.caughtBy.isEmpty ? "" : " (by '\(result.caughtBy.joined(separator: "', '"))')"
                printer.line(printer.paint("✓ caught: " + result.mutant.description + by, ANSI.dim), indent: "  ")
            } else {
                printer.line(printer.paint("✗", ANSI.red) + " your test did not notice: " + result.mutant.description, indent: "  ")
            }
        }
    }

    private func showDiagnostics(_ diagnostics: [CompilerDiagnostic], learnerFile: URL, checksFile: URL) {
        for diagnostic in diagnostics.prefix(8) {
            let inChecks = diagnostic.file == checksFile.path
            printer.line()
            if diagnostic.file.isEmpty {
                printer.line(diagnostic.message, indent: "  ")
                continue
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
        if diagnostics.count > 8 {
            printer.note("  … and \(diagnostics.count - 8) more errors. Fix the first ones: later errors often follow from them.")
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

    private func showOutput(_ report: CheckReport) {
        let lines = Self.outputLines(of: report.output)
        guard !lines.isEmpty else { return }
        let hidden = fullOutput ? 0 : max(0, lines.count - Self.outputTailLines)
        printer.note(hidden > 0 ? "Your code printed (the last \(Self.outputTailLines) lines):" : "Your code printed:")
        showOutputLines(lines.dropFirst(hidden))
        if hidden > 0 {
            printer.note("  …and \(CountedNoun.words(hidden, "line")) more: 'output' shows them all.")
        }
        if report.droppedOutputBytes > 0 {
            printer.note("  (The output was too long: the last \(report.droppedOutputBytes) bytes were dropped.)")
        }
    }

    /// The whole of what the learner's code printed during a check, as `output` shows it.
    func showWholeOutput(of report: CheckReport, exercise: Exercise) {
        let lines = Self.outputLines(of: report.output)
        guard !lines.isEmpty else {
            printer.line("Your code printed nothing during the last check of \(exercise.id).")
            return
        }
        printer.note("Your code printed, during the last check of \(exercise.id) (\(CountedNoun.words(lines.count, "line"))):")
        showOutputLines(lines[...])
        if report.droppedOutputBytes > 0 {
            printer.note("  (The output was too long: the last \(report.droppedOutputBytes) bytes were dropped.)")
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
