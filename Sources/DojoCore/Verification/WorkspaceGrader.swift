import Foundation

/// For teachers and CI: checks the learner's own files in a workspace, every exercise without
/// a question asked, with the same checker as the shell's `check`, and records the result as
/// the grade (see `CheckRecorder.Purpose.grading`).
public struct WorkspaceGrader: Sendable {
    /// How one learner file fared.
    public struct Grade: Sendable {
        public let exercise: Exercise
        public let report: CheckReport
        /// True when the progress had recorded a pass that this grading took back.
        public let passTakenBack: Bool
        /// Why the grade could not be recorded in the learner's progress, if it could not.
        public let saveProblem: String?

        public init(exercise: Exercise, report: CheckReport, passTakenBack: Bool = false, saveProblem: String? = nil) {
            self.exercise = exercise
            self.report = report
            self.passTakenBack = passTakenBack
            self.saveProblem = saveProblem
        }

        public var passed: Bool { report.passed }
    }

    private let recorder: CheckRecorder
    private let workspace: Workspace

    public init(recorder: CheckRecorder, workspace: Workspace) {
        self.recorder = recorder
        self.workspace = workspace
    }

    /// Checks each exercise's learner file, `concurrency` at a time, in the given order, and
    /// records each grade as it comes.
    public func grade(_ exercises: [Exercise], concurrency: Int = 2) async throws -> [Grade] {
        try await exercises.concurrentMap(limit: concurrency) { [recorder, workspace] exercise in
            let recorded = try await recorder.check(exercise, source: workspace.file(for: exercise), purpose: .grading)
            return Grade(exercise: exercise, report: recorded.report, passTakenBack: recorded.passTakenBack, saveProblem: recorded.saveProblem)
        }
    }
}
