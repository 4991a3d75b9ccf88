import DojoWorkspace
import Foundation

/// A learner report as Markdown: totals first, then one table per lesson. The columns are
/// padded so that the file reads as well in a terminal or a plain editor as rendered.
package enum ReportMarkdown {
    package static func render(_ report: LearnerReport) -> String {
        let totals = report.totals
        var lines = [
            "# DIDojo report",
            "",
            (report.learner.map { "Learner: **\(escape($0))**. " } ?? "") + "Workspace `\(report.workspace)`, written \(stamp(report.writtenAt)).",
            "",
            report.verified
                ? "Every pass below was verified now: the checks ran on the learner's files just before this report was written."
                : "The passes below are as recorded in the learner's progress file, which can be edited: `didojo report --verify` (or the shell's `report --verify`) runs the checks first.",
            "",
            "- Exercises passed: **\(totals.exercisesPassed) of \(totals.exercises)**",
            "- Attempts (runs of `check`): \(totals.attempts)",
            "- Hints shown: \(totals.hintsShown)",
            "- Solutions seen: \(totals.solutionsSeen)",
            "- Time from first open to first pass, over the passed exercises: \(totals.secondsToPass.map { DurationWords.describe(seconds: $0) } ?? "not known")",
        ]
        for lesson in report.lessons {
            lines += ["", "## \(lesson.id): \(lesson.title) (\(lesson.exercisesPassed) of \(lesson.exercises.count) passed)", ""]
            let header = ["exercise", "title", "status", "pass", "attempts", "hints", "time to pass"]
            let rows = lesson.exercises.map { exercise in
                [
                    exercise.id, escape(exercise.title), status(exercise), pass(exercise, verified: report.verified),
                    String(exercise.attempts), String(exercise.hintsShown),
                    exercise.secondsToPass.map { DurationWords.describe(seconds: $0) } ?? "—",
                ]
            }
            lines += table(header: header, rows: rows)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func status(_ exercise: LearnerReport.ExerciseEntry) -> String {
        let word = switch exercise.status {
        case .passed: "passed"
        case .failed: "not passed yet"
        case .pending: "not tried"
        }
        return word + LearnerReport.solutionNote(exercise)
    }

    /// Whose word a pass is: the checks' just now, or the progress file's (with the day it
    /// was first recorded).
    private static func pass(_ exercise: LearnerReport.ExerciseEntry, verified: Bool) -> String {
        guard exercise.status == .passed else { return "—" }
        if verified { return "verified now" }
        return "recorded" + (exercise.firstPassedAt.map { " " + String(stamp($0).prefix(10)) } ?? "")
    }

    private static func table(header: [String], rows: [[String]]) -> [String] {
        let widths = header.indices.map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            "| " + cells.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: " | ") + " |"
        }
        let rule = "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|"
        return [line(header), rule] + rows.map(line)
    }

    /// A title must not end its table cell early.
    private static func escape(_ cell: String) -> String {
        cell.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }

    private static func stamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: date)
    }
}
