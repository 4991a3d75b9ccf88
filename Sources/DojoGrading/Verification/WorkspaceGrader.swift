import DojoCatalog
import DojoWorkspace
import Foundation

/// For teachers and CI: checks the learner's own files in a workspace, every exercise without
/// a question asked, with the same checker as the shell's `check`, and records the result as
/// the grade (see `CheckRecorder.Purpose.grading`).
///
/// A file that is still its starter is "not tried": it is not checked (a starter fails by
/// design, which `didojo verify --starters` proves), it is graded as not passed, and grades
/// tell it apart from a file that was tried and fails (JUnit's `skipped`).
package struct WorkspaceGrader: Sendable {
    /// How one learner file fared.
    package struct Grade: Sendable {
        package let exercise: Exercise
        /// What the checks said; nil when the file was not tried (still the starter), so not checked.
        package let report: CheckReport?
        /// True when the progress had recorded a pass that this grading took back.
        package let passTakenBack: Bool
        /// Why the grade could not be recorded in the learner's progress, if it could not.
        package let saveProblem: String?

        package init(exercise: Exercise, report: CheckReport?, passTakenBack: Bool = false, saveProblem: String? = nil) {
            self.exercise = exercise
            self.report = report
            self.passTakenBack = passTakenBack
            self.saveProblem = saveProblem
        }

        package var passed: Bool { report?.passed ?? false }
        /// True when the learner's file is still the starter.
        package var untried: Bool { report == nil }
    }

    /// Where the grades go: the learner's progress (`didojo verify` on one workspace), or
    /// nowhere (a teacher grading a class: grading never writes into what it grades).
    private enum Recording: Sendable {
        case progress(CheckRecorder)
        case nowhere(any ExerciseChecker)
    }

    private let recording: Recording
    private let workspace: Workspace

    /// Grades, and records each grade in the learner's progress.
    package init(recorder: CheckRecorder, workspace: Workspace) {
        recording = .progress(recorder)
        self.workspace = workspace
    }

    /// Grades without writing anything: no grade recorded, no file made from a starter.
    package init(checker: any ExerciseChecker, workspace: Workspace) {
        recording = .nowhere(checker)
        self.workspace = workspace
    }

    /// Checks each exercise's learner file, `concurrency` at a time, in the given order, and
    /// records each grade as it comes.
    package func grade(_ exercises: [Exercise], concurrency: Int = 2) async throws -> [Grade] {
        try await exercises.concurrentMap(limit: concurrency) { exercise in
            try await grade(exercise)
        }
    }

    /// Checks one exercise's learner file (or finds it untried) and records the grade.
    package func grade(_ exercise: Exercise) async throws -> Grade {
        let file = workspace.file(for: exercise)
        switch recording {
        case .progress(let recorder):
            if isUntried(exercise) {
                let recorded = recorder.recordUntried(exercise)
                return Grade(exercise: exercise, report: nil, passTakenBack: recorded.passTakenBack, saveProblem: recorded.saveProblem)
            }
            let recorded = try await recorder.check(exercise, source: file, purpose: .grading)
            return Grade(exercise: exercise, report: recorded.report, passTakenBack: recorded.passTakenBack, saveProblem: recorded.saveProblem)
        case .nowhere(let checker):
            if isUntried(exercise) { return Grade(exercise: exercise, report: nil) }
            return Grade(exercise: exercise, report: try await checker.check(exercise, source: file))
        }
    }

    /// True when the learner's file holds exactly the starter (or is missing, which checking
    /// would treat as the starter).
    func isUntried(_ exercise: Exercise) -> Bool {
        let fileSystem = workspace.fileSystem
        guard let mine = try? fileSystem.contents(of: workspace.file(for: exercise)) else {
            return !fileSystem.directoryExists(at: workspace.file(for: exercise))
        }
        return (try? fileSystem.contents(of: exercise.starter)) == mine
    }
}
