import DojoCatalog
import Foundation

/// For lesson authors and CI: proves that every reference solution passes its checks, that
/// every starter fails them (so no exercise is passed before the learner has done anything),
/// and that every catalogued mistake is rejected with a report that names it.
package struct LessonVerifier: Sendable {
    package enum Mode: String, Sendable, CaseIterable {
        case solutions, starters, mistakes
    }

    /// The text of a report as the learner reads it (`didojo check`, plain), for matching a
    /// mistake's `expect` words against.
    package typealias ReportText = @Sendable (_ report: CheckReport, _ exercise: Exercise, _ learnerFile: URL) async -> String

    /// How one exercise's solution or starter, or one of its mistakes, fared.
    package struct Finding: Sendable {
        package let exercise: Exercise
        package let mode: Mode
        package let report: CheckReport
        /// For `.mistakes`: the mistake checked, and the words of its `expect` that the report
        /// did not contain.
        package let mistake: Mistake?
        package let missingWords: [String]

        package init(exercise: Exercise, mode: Mode, report: CheckReport, mistake: Mistake? = nil, missingWords: [String] = []) {
            self.exercise = exercise
            self.mode = mode
            self.report = report
            self.mistake = mistake
            self.missingWords = missingWords
        }

        /// True when the exercise behaves as it must in this mode.
        package var holds: Bool {
            switch mode {
            case .solutions:
                // Every mutant must be caught by a failing test, not by failing to compile.
                return report.passed && !report.mutants.contains { $0.report.outcome == .compileFailed }
            // A starter must fail on its merits: failing checks, not compiling, or tests that
            // let mutants through. A starter that crashes or hangs would also "fail", but that
            // is a lesson bug worth seeing.
            case .starters:
                return [.checksFailed, .compileFailed, .mutantsSurvived, .noTestsWritten].contains(report.outcome)
            // A mistake must be rejected, and the report must say what the mistake is.
            case .mistakes:
                return !report.passed && report.outcome != .cancelled && missingWords.isEmpty
            }
        }
    }

    private let checker: any ExerciseChecker
    private let reportText: ReportText

    package init(checker: any ExerciseChecker, reportText: @escaping ReportText = { _, _, _ in "" }) {
        self.checker = checker
        self.reportText = reportText
    }

    /// Checks each exercise's solution or starter, or each of its mistakes, `concurrency` at a
    /// time, in the given order.
    package func verify(_ exercises: [Exercise], mode: Mode, concurrency: Int = 2) async throws -> [Finding] {
        let jobs: [(exercise: Exercise, mistake: Mistake?)] = mode == .mistakes
            ? exercises.flatMap { exercise in exercise.mistakes.map { (exercise, $0) } }
            : exercises.map { ($0, nil) }
        return try await jobs.concurrentMap(limit: concurrency) { [checker, reportText] job in
            let source: URL
            switch mode {
            case .solutions: source = job.exercise.solution
            case .starters: source = job.exercise.starter
            case .mistakes: source = job.mistake!.file
            }
            let report = try await checker.check(job.exercise, source: source)
            guard let mistake = job.mistake else { return Finding(exercise: job.exercise, mode: mode, report: report) }
            let text = Self.comparable(await reportText(report, job.exercise, source))
            let missing = mistake.expect.filter { !text.contains(Self.comparable($0)) }
            return Finding(exercise: job.exercise, mode: mode, report: report, mistake: mistake, missingWords: missing)
        }
    }

    /// Lower case, with every run of white space (line breaks from wrapping included) as one
    /// space: how a report and a mistake's `expect` words are compared.
    static func comparable(_ text: String) -> String {
        text.lowercased().split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
