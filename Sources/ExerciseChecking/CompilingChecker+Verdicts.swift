import ChildProcess
import DojoCatalog
import DojoCore
import DojoGrading
import Foundation

/// How a check's results become its verdict: the run of the program read into a report, the
/// wiring rules counted among the checks, the names that would fake a pass rejected, and the
/// exercise's own words under the warnings it made errors.
extension CompilingChecker {
    /// A report that rejects the learner's file for the names in `findings`, in place of a
    /// passing `report`; nil when there is nothing to reject or the checks did not pass. Only a
    /// pass can have been faked by such a name: a file that fails keeps its own report, whose
    /// words name the mistake (a Cake default the lesson catalogues, say). Told as a compile
    /// error at each declaration: it is a rule about the code, like a warning made an error.
    static func rejecting(_ findings: [CompilerDiagnostic], _ report: CheckReport) -> CheckReport? {
        guard !findings.isEmpty, report.passed else { return nil }
        return CheckReport(exerciseID: report.exerciseID, outcome: .compileFailed, diagnostics: findings, duration: report.duration)
    }

    /// The class name the wiring rules' checks are reported under.
    static let wiringCheckClass = "Wiring"

    /// `report` with the wiring rules among its checks, kept and broken alike: a check is a
    /// test method of the exercise's checks or one of its wiring rules, and every report that
    /// ran them counts all of them, so that "1 of 8 checks failed" is followed by "all 8
    /// checks hold". They count only where the checks ran to their end: a file that does not
    /// compile, crashes or hangs has more pressing news (and counts no checks).
    static func adding(_ wiring: [CheckResult], to report: CheckReport) -> CheckReport {
        guard !wiring.isEmpty, [.passed, .checksFailed].contains(report.outcome) else { return report }
        let broken = wiring.contains { !$0.passed }
        var combined = CheckReport(
            exerciseID: report.exerciseID, outcome: broken ? .checksFailed : report.outcome, checks: report.checks + wiring,
            diagnostics: report.diagnostics, mutants: report.mutants, output: report.output,
            droppedOutputBytes: report.droppedOutputBytes, duration: report.duration
        )
        combined.learnerTestClasses = report.learnerTestClasses
        return combined
    }

    /// `report` with the exercise's own words under each error of a warning group it made an
    /// error (the compiler ends such a message with `[#Group]`).
    static func explainingWarnings(of exercise: Exercise, in report: CheckReport) -> CheckReport {
        guard !exercise.warningsAsErrors.isEmpty, report.outcome == .compileFailed else { return report }
        var explained = report
        explained.diagnostics = report.diagnostics.map { diagnostic in
            var explained = diagnostic
            if let group = exercise.warningsAsErrors.first(where: { diagnostic.message.hasSuffix("[#\($0.group)]") }) {
                explained.explanation = group.message
            }
            return explained
        }
        return explained
    }


    static func report(
        exerciseID: String, run: ChildProcessResult, log: TestEventLog, expectedCount: Int,
        settings: CheckSettings, duration: Duration, backtrace: Data = Data()
    ) -> CheckReport {
        let checks = log.checks
        let output = LearnerOutput.extract(
            standardOutput: run.standardOutput, standardError: run.standardError, failures: checks.flatMap(\.failures)
        )
        func make(_ outcome: CheckReport.Outcome) -> CheckReport {
            CheckReport(
                exerciseID: exerciseID, outcome: outcome, checks: checks, output: output,
                droppedOutputBytes: run.droppedOutputBytes, duration: duration
            )
        }
        if run.cancelled { return make(.cancelled) }
        // A results file that does not add up was changed by the learner's code, whatever
        // became of the program afterwards: that is the news, not what is left in the file.
        if !log.interference.isEmpty {
            return make(.resultsInterfered(reason: log.interference.joined(separator: "; ")))
        }
        if run.timedOut {
            return make(.timedOut(seconds: Double(settings.timeout.components.seconds)))
        }
        let running = checks.first { !$0.finished }?.readableName
        switch run.termination {
        case .signaled:
            let stack = CrashBacktrace.read(backtrace)
            return make(.crashed(CrashInfo(
                checkName: running, signal: run.termination.description,
                message: LearnerOutput.crashMessage(in: run.standardError), frames: stack.frames, stackOverflow: stack.stackOverflow
            )))
        case .exited(let status):
            let allRan = log.completed && checks.count == expectedCount && checks.allSatisfy(\.finished)
            if allRan {
                if checks.allSatisfy(\.passed), status != 0 {
                    // XCTest ends with status 0 when every check passed, and the results say
                    // they all did: something else decided the status.
                    return make(.resultsInterfered(reason: "every check's result says it passed, but the program that ran them ended with exit status \(status), which it does only when a check failed"))
                }
                guard checks.allSatisfy(\.passed) else { return make(.checksFailed) }
                return make(run.droppedOutputBytes > 0 ? .tooMuchOutput(droppedBytes: run.droppedOutputBytes) : .passed)
            }
            // The program ended by itself before every check had run (exit() in the code, or
            // a crash the runtime turned into an exit status).
            return make(.crashed(CrashInfo(
                checkName: running, signal: "ended early with exit status \(status)",
                message: LearnerOutput.crashMessage(in: run.standardError), exitStatus: status
            )))
        }
    }
}
