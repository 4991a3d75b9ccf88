import DojoCatalog
import DojoGrading
@testable import DojoShell
import DojoTestSupport
import Foundation
import TerminalMarkdown
import Testing
import WiringAnalysis
import WiringModel

/// A check's report on a screen of 80×24 keeps its verdict on it: many compile errors are cut
/// to the first ones, many wiring notes to those that fit, each with a count of the rest and
/// where to see them ('output'); a pipe, or `check --full-output`, gets everything. What a
/// real pseudo-terminal shows is in EndToEndTests.CheckVerdictOnScreenTests.
@MainActor
@Suite struct CheckReportFitsTheScreenTests {
    static let errorCount = 15

    /// A harness whose learner file for arithmetic.1 has 30 lines, checked on a terminal of 80
    /// columns and `rows` rows (nil: a pipe).
    func harness(_ lines: [String], rows: Int?, report: (URL) -> CheckReport) throws -> ShellHarness {
        let harness = try ShellHarness(lines: lines)
        harness.terminal.style = TextStyle(useColor: false, width: 80)
        harness.terminal.screenRows = rows
        let exercise = try #require(harness.catalog.exercise(id: "arithmetic.1"))
        let file = harness.workspace.file(for: exercise)
        let source = (1...30).map { "    let value\($0) = undefinedThing\($0)(\"a string long enough to be cut at the side\")" }
        try harness.fileSystem.write(source.joined(separator: "\n") + "\n", to: file)
        harness.checker.behaviour = .canned(report(file))
        return harness
    }

    /// A compile failure with an error on each of the first `errorCount` lines of `file`, every
    /// other one explained in plain words.
    static func manyErrors(in file: URL) -> CheckReport {
        CheckReport(exerciseID: "arithmetic.1", outcome: .compileFailed, diagnostics: (1...errorCount).map { line in
            CompilerDiagnostic(
                file: file.path, line: line, column: 18, severity: .error, message: "cannot find 'undefinedThing\(line)' in scope",
                explanation: line.isMultiple(of: 2) ? "the name is not declared anywhere this file can see; check its spelling." : nil
            )
        })
    }

    /// A failed check with five wiring notes, sixteen lines printed.
    static func failedCheckWithNotes(in file: URL) -> CheckReport {
        var report = CheckReport(
            exerciseID: "arithmetic.1", outcome: .checksFailed,
            checks: [
                CheckResult(name: "testDoublesTwo", testCase: "Checks", failures: [CheckFailure(description: "XCTAssertEqual failed: (\"0\") is not equal to (\"4\") - double(2) should be 4", file: "/c.swift", line: 3)]),
                CheckResult(name: "testDoublesZero", testCase: "Checks"),
            ],
            output: (1...16).map { "printed line \($0)" }.joined(separator: "\n") + "\n"
        )
        report.wiringNotes = (1...5).map { line in
            WiringFinding(
                kind: .hardWiredDependency, file: file.path, line: line, type: "Doubler", member: "value\(line)", target: "Thing\(line)",
                message: "Doubler creates Thing\(line)() itself for `value\(line)`: looks like a hard-wired dependency (Control Freak)"
            )
        }
        return report
    }

    /// The report from its verdict on, and the rows it takes on 80 columns.
    func fromVerdict(_ output: String, verdict: String) throws -> (text: String, rows: Int) {
        let start = try #require(output.range(of: verdict), "no verdict:\n\(output)")
        let text = String(output[start.lowerBound...])
        return (text, ScreenRows.count(of: text, width: 80))
    }

    @Test func manyCompileErrorsKeepTheVerdictAndTheFirstErrorsOnTheScreen() async throws {
        let output = try await harness(["check arithmetic.1"], rows: 24, report: Self.manyErrors).run()
        let (report, rows) = try fromVerdict(output, verdict: "✗ arithmetic.1 does not compile yet.")
        // The prompt takes the 24th row.
        #expect(rows <= 23, "\(rows) rows:\n\(report)")
        #expect(report.contains("cannot find 'undefinedThing1' in scope"))
        #expect(report.contains("cannot find 'undefinedThing2' in scope"), "the first errors are the ones that matter:\n\(report)")
        let hidden = try #require(
            report.firstMatch(of: /…and (\d+) errors? more: 'output' shows them all\./).flatMap { Int($0.1) }, "no count of the rest:\n\(report)"
        )
        let shown = (1...Self.errorCount).filter { report.contains("'undefinedThing\($0)' in scope") }
        #expect(shown == Array(1...shown.count), "not the first errors: \(shown)")
        #expect(shown.count + hidden == Self.errorCount)
        #expect(report.contains("Fix your file ('edit'), then 'check' again."))
        // A screen two rows taller shows at least as many.
        let taller = try await harness(["check arithmetic.1"], rows: 40, report: Self.manyErrors).run()
        #expect((1...Self.errorCount).filter { taller.contains("'undefinedThing\($0)' in scope") }.count > shown.count, "\(taller)")
    }

    @Test func outputThenShowsEveryCompileError() async throws {
        let output = try await harness(["check arithmetic.1", "output"], rows: 24, report: Self.manyErrors).run()
        let whole = try #require(output.components(separatedBy: "Fix your file ('edit'), then 'check' again.").last)
        for line in 1...Self.errorCount {
            #expect(whole.contains("cannot find 'undefinedThing\(line)' in scope"), "error \(line) missing:\n\(whole)")
        }
        #expect(!whole.contains("Your code printed nothing"), "it did not run:\n\(whole)")
    }

    @Test(arguments: [nil, 24] as [Int?])
    func aPipeOrFullOutputGetsEveryCompileError(rows: Int?) async throws {
        let command = rows == nil ? "check arithmetic.1" : "check arithmetic.1 --full-output"
        let output = try await harness([command], rows: rows, report: Self.manyErrors).run()
        for line in 1...Self.errorCount {
            #expect(output.contains("cannot find 'undefinedThing\(line)' in scope"), "\(command): error \(line) missing:\n\(output)")
        }
        #expect(!output.contains("errors more"))
    }

    @Test func aFailedCheckWithWiringNotesKeepsItsVerdictOnTheScreen() async throws {
        let output = try await harness(["check arithmetic.1"], rows: 24, report: Self.failedCheckWithNotes).run()
        let (report, rows) = try fromVerdict(output, verdict: "✗ arithmetic.1: 1 of 2 checks failed.")
        #expect(rows <= 23, "\(rows) rows:\n\(report)")
        let places = ["✗ doubles two", "double(2) should be 4", "Wiring:", "Your code printed (the last", "Fix your file ('edit')"].map {
            try! #require(report.range(of: $0), "\($0) is missing:\n\(report)").lowerBound
        }
        #expect(places == places.sorted(), "out of order:\n\(report)")
        let notesShown = (1...5).filter { report.contains("Thing\($0)() itself") }
        let notesHidden = report.firstMatch(of: /…and (\d+) notes? more: 'output' shows them all\./).flatMap { Int($0.1) }
            ?? report.firstMatch(of: /Wiring: (\d+) notes? \(a heuristic\): 'output' shows them/).flatMap { Int($0.1) }
        #expect(notesShown.count < 5, "five notes, 16 lines printed and a failing check do not fit 23 rows:\n\(report)")
        #expect(notesShown.count + (notesHidden ?? 0) == 5, "the notes left out are not counted:\n\(report)")
        #expect(report.contains("'graph arithmetic.1'"))
    }

    @Test func outputThenShowsEveryWiringNoteAndEveryLine() async throws {
        let output = try await harness(["check arithmetic.1", "output"], rows: 24, report: Self.failedCheckWithNotes).run()
        let whole = try #require(output.components(separatedBy: "Fix your file ('edit'), then 'check' again.").last)
        for line in 1...5 { #expect(whole.contains("Thing\(line)() itself"), "note \(line) missing:\n\(whole)") }
        #expect(whole.contains("Your code printed, during the last check of arithmetic.1 (16 lines):"), "\(whole)")
        #expect(whole.contains("│ printed line 1\n"))
    }

    @Test func onATallScreenEveryNoteAndTheLastSixLinesAreShown() async throws {
        let output = try await harness(["check arithmetic.1"], rows: 60, report: Self.failedCheckWithNotes).run()
        for line in 1...5 { #expect(output.contains("Thing\(line)() itself"), "note \(line) missing:\n\(output)") }
        #expect(output.contains("Your code printed (the last 6 lines):"))
        #expect(!output.contains("notes more"))
    }

    /// Eight failed checks, each with a message of three lines at 80 columns, and three that hold.
    static func manyFailedChecks(in file: URL) -> CheckReport {
        let failed = (1...8).map { number in
            CheckResult(name: "testFailure\(number)", testCase: "Checks", failures: [CheckFailure(
                description: "XCTAssertTrue failed - failure \(number): " + String(repeating: "the presenter should post through the client it was given ", count: 3),
                file: "/c.swift", line: number
            )])
        }
        let passed = (1...3).map { CheckResult(name: "testHolds\($0)", testCase: "Checks") }
        return CheckReport(exerciseID: "arithmetic.1", outcome: .checksFailed, checks: passed + failed, output: "one line\n")
    }

    @Test func manyFailedChecksKeepTheVerdictAndTheFirstFailuresOnTheScreen() async throws {
        let output = try await harness(["check arithmetic.1", "output"], rows: 24, report: Self.manyFailedChecks).run()
        let (report, rows) = try fromVerdict(output, verdict: "✗ arithmetic.1: 8 of 11 checks failed.")
        let check = try #require(report.components(separatedBy: "Stuck? 'hint'.").first)
        #expect(ScreenRows.count(of: check, width: 80) <= 23, "\(rows) rows:\n\(check)")
        #expect(check.contains("failure 1:"))
        let hidden = try #require(
            check.firstMatch(of: /…and (\d+) failed checks? more: 'output' shows them all\./).flatMap { Int($0.1) }, "no count of the rest:\n\(check)"
        )
        let shown = (1...8).filter { check.contains("failure \($0):") }
        #expect(shown == Array(1...shown.count) && shown.count + hidden == 8, "\(shown), \(hidden) more:\n\(check)")
        #expect(check.contains("✓ 3 other checks hold"))
        #expect(check.contains("│ one line"), "the output's line has room too:\n\(check)")
        // 'output' then lists every check.
        let whole = try #require(output.components(separatedBy: "Stuck? 'hint'.").last)
        for number in 1...8 { #expect(whole.contains("failure \(number):"), "failure \(number) missing:\n\(whole)") }
        #expect(whole.contains("✓ holds 1"))
    }

    /// A test-writing check with fourteen planted bugs, three of them missed, each caught one
    /// with the two tests that caught it: over thirty rows whole.
    static func manyPlantedBugs(in file: URL) -> CheckReport {
        let mutants = (1...14).map { number in
            let caught = number > 3
            let check = CheckResult(
                name: "testSharing", testCase: "SharingTests",
                failures: caught ? [CheckFailure(description: "XCTAssertEqual failed", file: file.path, line: 3)] : [])
            var checks = [check]
            if caught { checks.append(CheckResult(name: "testPicture", testCase: "SharingTests", failures: check.failures)) }
            return MutantResult(
                mutant: Mutant(id: "bug-\(number)", description: "planted bug number \(number), which posts a text that differs from the one the presenter was given", files: []),
                report: CheckReport(exerciseID: "testing.1", outcome: caught ? .checksFailed : .passed, checks: checks))
        }
        return CheckReport(exerciseID: "testing.1", outcome: .mutantsSurvived, checks: [CheckResult(name: "testSharing", testCase: "SharingTests")], mutants: mutants)
    }

    @Test func manyPlantedBugsKeepTheVerdictAndTheMissedOnesOnTheScreen() async throws {
        let harness = try ShellHarness(lines: ["check testing.1", "output"], lessons: [.arithmetic(), .testWriting()])
        harness.terminal.style = TextStyle(useColor: false, width: 80)
        harness.terminal.screenRows = 24
        let exercise = try #require(harness.catalog.exercise(id: "testing.1"))
        harness.checker.behaviour = .canned(Self.manyPlantedBugs(in: harness.workspace.file(for: exercise)))
        let output = try await harness.run()
        let (report, _) = try fromVerdict(output, verdict: "✗ testing.1: your tests pass on the correct code, but let 3 of 14 planted")
        let check = try #require(report.components(separatedBy: "Stuck? 'hint'.").first)
        #expect(ScreenRows.count(of: check, width: 80) <= 23, "\(ScreenRows.count(of: check, width: 80)) rows:\n\(check)")
        for number in 1...3 { #expect(check.contains("your test did not notice: planted bug number \(number),"), "missed bug \(number) not shown:\n\(check)") }
        // The terminal's width wraps it; it is one sentence.
        let unwrapped = check.replacingOccurrences(of: #"\s*\n\s*"#, with: " ", options: .regularExpression)
        #expect(unwrapped.contains("✓ 11 other planted bugs caught: 'output' shows which of your tests caught each."), "\(check)")
        #expect(!check.contains("✓ caught:"))
        // 'output' then names every caught bug and the tests that caught it.
        let whole = try #require(output.components(separatedBy: "Stuck? 'hint'.").last)
        for number in 4...14 {
            #expect(whole.contains("✓ caught: planted bug number \(number),"), "caught bug \(number) missing:\n\(whole)")
        }
        #expect(whole.contains("(by 'sharing', 'picture')"), "\(whole)")
    }

    @Test func aPipeGetsEveryPlantedBug() async throws {
        let harness = try ShellHarness(lines: ["check testing.1"], lessons: [.arithmetic(), .testWriting()])
        harness.terminal.style = TextStyle(useColor: false, width: 80)
        harness.terminal.screenRows = nil
        let exercise = try #require(harness.catalog.exercise(id: "testing.1"))
        harness.checker.behaviour = .canned(Self.manyPlantedBugs(in: harness.workspace.file(for: exercise)))
        let output = try await harness.run()
        for number in 4...14 { #expect(output.contains("✓ caught: planted bug number \(number),")) }
        #expect(!output.contains("other planted bugs caught"))
    }
}
