import Foundation

/// For teachers and CI: checks the learner's own files in a workspace, every exercise without
/// a question asked, with the same checker as the shell's `check`.
public struct WorkspaceGrader: Sendable {
    /// How one learner file fared.
    public struct Grade: Sendable {
        public let exercise: Exercise
        public let report: CheckReport

        public init(exercise: Exercise, report: CheckReport) {
            self.exercise = exercise
            self.report = report
        }

        public var passed: Bool { report.passed }
    }

    private let checker: ExerciseChecker
    private let workspace: Workspace

    public init(checker: ExerciseChecker, workspace: Workspace) {
        self.checker = checker
        self.workspace = workspace
    }

    /// Checks each exercise's learner file, `concurrency` at a time, in the given order.
    public func grade(_ exercises: [Exercise], concurrency: Int = 2) async throws -> [Grade] {
        try await exercises.concurrentMap(limit: concurrency) { [checker, workspace] exercise in
            Grade(exercise: exercise, report: try await checker.check(exercise, source: workspace.file(for: exercise)))
        }
    }
}

extension LearnerProgress {
    /// Records what a grading run found, as a teacher would want it in the learner's report:
    /// a pass counts (the file does pass, and a learner who passed must see it), but a
    /// grading run is not one of the learner's attempts, so `attempts` is left alone; and a
    /// failure never takes an earlier pass away, just as a failed `check` does not.
    public mutating func record(_ grades: [WorkspaceGrader.Grade], at now: Date) {
        for grade in grades where grade.passed {
            update(grade.exercise.id) { record in
                record.passed = true
                record.firstPassedAt = record.firstPassedAt ?? now
            }
        }
    }
}
