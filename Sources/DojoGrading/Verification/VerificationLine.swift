import DojoCore
/// One line per verified exercise, saying whether it behaves and, if not, how.
package enum VerificationLine {
    package static func describe(_ finding: LessonVerifier.Finding) -> String {
        let report = finding.report
        let id = finding.exercise.id
        let failed = report.checks.filter { !$0.passed }
        switch (finding.mode, finding.holds) {
        case (.solutions, true):
            let caught = report.mutants.isEmpty ? "" : " and catches all \(report.mutants.count) mutants"
            return "✓ \(id) solution passes its \(CountedNoun.words(report.checks.count, "check"))" + caught
        case (.starters, true) where report.outcome == .mutantsSurvived:
            return "✓ \(id) starter fails (lets \(report.mutants.filter { !$0.caught }.count) of \(report.mutants.count) mutants through)"
        case (.starters, true) where report.outcome == .noTestsWritten:
            return "✓ \(id) starter fails (holds no test)"
        case (.starters, true):
            return report.outcome == .compileFailed
                ? "✓ \(id) starter fails (does not compile)"
                : "✓ \(id) starter fails (\(failed.count) of \(CountedNoun.words(report.checks.count, "check")))"
        case (.solutions, false):
            return "✗ \(id) solution does not pass: " + shortfall(finding)
        case (.starters, false):
            return "✗ \(id) starter " + shortfall(finding)
        case (.mistakes, true):
            return "✓ \(id) rejects mistake '\(finding.mistake?.id ?? "")' (\(rejection(finding.report)))"
        case (.mistakes, false):
            return "✗ \(id) mistake '\(finding.mistake?.id ?? "")' " + shortfall(finding)
        }
    }

    /// How a report rejected a file, in a few words.
    static func rejection(_ report: CheckReport) -> String {
        switch report.outcome {
        case .compileFailed: return "does not compile"
        case .checksFailed: return "\(report.checks.filter { !$0.passed }.count) of \(CountedNoun.words(report.checks.count, "check")) fail"
        case .mutantsSurvived: return "lets \(report.mutants.filter { !$0.caught }.count) of \(report.mutants.count) planted bugs through"
        case .crashed: return "crashes"
        case .timedOut: return "runs too long"
        case .noTestsWritten: return "holds no test"
        case .tooMuchOutput: return "prints too much"
        case .resultsInterfered: return "interferes with the check's results"
        case .passed, .cancelled: return problem(report)
        }
    }

    /// Why a finding does not hold, without the exercise's id (for JUnit's failure message).
    package static func shortfall(_ finding: LessonVerifier.Finding) -> String {
        switch finding.mode {
        case .solutions:
            return problem(finding.report)
        case .starters where finding.report.outcome == .passed:
            return "passes all its checks, but a starter must fail them"
        case .starters:
            return "must fail its checks, not end like this: " + problem(finding.report)
        case .mistakes where finding.report.passed:
            return "is accepted: the checks pass a wrong answer (\(finding.mistake?.description ?? ""))"
        case .mistakes where finding.report.outcome == .cancelled:
            return "was not checked to the end (cancelled)"
        case .mistakes:
            let missing = finding.missingWords.map { "'\($0)'" }.joined(separator: ", ")
            return "is rejected (\(rejection(finding.report))), but the report does not say \(missing), so it does not name the mistake"
        }
    }

    /// A learner's file, graded: passed, or what is still wrong with it.
    package static func describe(_ grade: WorkspaceGrader.Grade) -> String {
        let id = grade.exercise.id
        guard let report = grade.report else { return "· \(id) not tried yet: " + untried }
        guard grade.passed else { return "✗ \(id) does not pass yet: " + problem(report) }
        if grade.exercise.kind == .test {
            return "✓ \(id) passed (your tests catch all \(report.mutants.count) planted bugs)"
        }
        return "✓ \(id) passed (\(CountedNoun.words(report.checks.count, "check")))"
    }

    /// Why an untried exercise has no grade but "not passed".
    package static let untried = "the file is still the starter, so it was not checked"

    /// What went wrong in a check, in readable words: the failed checks with their messages,
    /// the first compiler errors, the crash, the time limit, the mutants let through.
    package static func problem(_ report: CheckReport) -> String {
        switch report.outcome {
        case .passed where !report.mutants.contains(where: { $0.report.outcome == .compileFailed }):
            return "it passed"
        case .checksFailed:
            return report.checks.filter { !$0.passed }.map { check in
                let message = check.failures.first.map { " (\($0.parts.message.isEmpty ? $0.description : $0.parts.message))" } ?? ""
                return check.readableName + message
            }.joined(separator: "; ")
        case .compileFailed:
            return "does not compile: " + report.diagnostics.prefix(3).map { diagnostic in
                diagnostic.file.isEmpty ? diagnostic.message : "\(diagnostic.file.split(separator: "/").last ?? ""):\(diagnostic.line): \(diagnostic.message)"
            }.joined(separator: "; ")
        case .crashed(let crash):
            // `signal` reads "crashed (trap)", as the shell says it.
            let during = crash.checkName.map { " while checking '\($0)'" } ?? ""
            return crash.signal + during + (crash.message.map { ": \($0)" } ?? "")
        case .timedOut(let seconds):
            return "ran longer than \(seconds) s"
        case .cancelled:
            return "cancelled"
        case .noTestsWritten:
            return "holds no XCTestCase with test methods"
        case .tooMuchOutput(let dropped):
            return "the checks pass, but it printed too much (\(dropped) bytes over the limit were dropped)"
        case .resultsInterfered(let reason):
            return "the check's results were interfered with: " + reason
        case .mutantsSurvived:
            return "lets planted bugs through: " + report.mutants.filter { !$0.caught }
                .map { "\($0.mutant.description) (\($0.mutant.id))" }.joined(separator: "; ")
        case .passed:
            return "mutants that do not compile with it (fix the mutant): "
                + report.mutants.filter { $0.report.outcome == .compileFailed }.map(\.mutant.id).joined(separator: ", ")
        }
    }
}
