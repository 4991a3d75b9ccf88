/// For lesson authors and CI: proves that every reference solution passes its checks and that
/// every starter fails them (so no exercise is passed before the learner has done anything).
public struct LessonVerifier: Sendable {
    public enum Mode: String, Sendable, CaseIterable {
        case solutions, starters
    }

    /// How one exercise fared.
    public struct Finding: Sendable {
        public let exercise: Exercise
        public let mode: Mode
        public let report: CheckReport

        /// True when the exercise behaves as it must in this mode.
        public var holds: Bool {
            switch mode {
            case .solutions:
                // Every mutant must be caught by a failing test, not by failing to compile.
                return report.passed && !report.mutants.contains { $0.report.outcome == .compileFailed }
            // A starter must fail on its merits: failing checks, not compiling, or tests that
            // let mutants through. A starter that crashes or hangs would also "fail", but that
            // is a lesson bug worth seeing.
            case .starters:
                return [.checksFailed, .compileFailed, .mutantsSurvived, .noTestsWritten].contains(report.outcome)
            }
        }
    }

    private let checker: any ExerciseChecker

    public init(checker: any ExerciseChecker) {
        self.checker = checker
    }

    /// Checks each exercise's solution or starter, `concurrency` at a time, in the given order.
    public func verify(_ exercises: [Exercise], mode: Mode, concurrency: Int = 2) async throws -> [Finding] {
        try await exercises.concurrentMap(limit: concurrency) { [checker] exercise in
            let source = mode == .solutions ? exercise.solution : exercise.starter
            return Finding(exercise: exercise, mode: mode, report: try await checker.check(exercise, source: source))
        }
    }
}
