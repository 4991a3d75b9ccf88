/// One line per verified exercise, saying whether it behaves and, if not, how.
public enum VerificationLine {
    public static func describe(_ finding: LessonVerifier.Finding) -> String {
        let report = finding.report
        let id = finding.exercise.id
        let failed = report.checks.filter { !$0.passed }
        switch (finding.mode, finding.holds) {
        case (.solutions, true):
            let caught = report.mutants.isEmpty ? "" : " and catches all \(report.mutants.count) mutants"
            return "✓ \(id) solution passes its \(report.checks.count) checks" + caught
        case (.starters, true) where report.outcome == .mutantsSurvived:
            return "✓ \(id) starter fails (lets \(report.mutants.filter { !$0.caught }.count) of \(report.mutants.count) mutants through)"
        case (.starters, true) where report.outcome == .noTestsWritten:
            return "✓ \(id) starter fails (holds no test)"
        case (.starters, true):
            return report.outcome == .compileFailed
                ? "✓ \(id) starter fails (does not compile)"
                : "✓ \(id) starter fails (\(failed.count) of \(report.checks.count) checks)"
        case (.solutions, false):
            return "✗ \(id) solution does not pass: " + problem(report)
        case (.starters, false):
            if report.outcome == .passed {
                return "✗ \(id) starter passes all its checks, but a starter must fail them"
            }
            return "✗ \(id) starter must fail its checks, not end like this: " + problem(report)
        }
    }

    static func problem(_ report: CheckReport) -> String {
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
            return "crashed (\(crash.signal))" + (crash.message.map { ": \($0)" } ?? "")
        case .timedOut(let seconds):
            return "ran longer than \(seconds) s"
        case .cancelled:
            return "cancelled"
        case .noTestsWritten:
            return "holds no XCTestCase with test methods"
        case .mutantsSurvived:
            return "lets mutants through: " + report.mutants.filter { !$0.caught }.map(\.mutant.id).joined(separator: ", ")
        case .passed:
            return "mutants that do not compile with it (fix the mutant): "
                + report.mutants.filter { $0.report.outcome == .compileFailed }.map(\.mutant.id).joined(separator: ", ")
        }
    }
}
