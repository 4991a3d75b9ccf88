import DojoCatalog
import DojoCore
import DojoWorkspace
import Foundation

/// Checks an exercise and records what came of it in the learner's progress: the one place
/// where a check becomes progress, for the shell's `check` and `watch`, `didojo check`, and
/// grading (`didojo verify`) alike. Whoever listens (`CheckObserver`) hears of each one.
///
/// The record is one read-modify-write of the progress under its lock (see `ProgressStore`),
/// so a check never undoes what another didojo recorded meanwhile.
package struct CheckRecorder: Sendable {
    /// Who asked for the check, which decides what it means for the progress.
    package enum Purpose: Sendable, Equatable {
        /// The learner asked (`check`, `watch`, `didojo check`): it counts as an attempt, a
        /// pass is recorded, and a failure leaves an earlier pass alone (the learner passed;
        /// trying something else afterwards takes nothing away; `lastCheckPassed` and
        /// `lastFailures` still say what the file does now).
        case attempt
        /// A grading run (`didojo verify`): not one of the learner's attempts. The progress
        /// is made to say what the file does now: a pass is recorded, and a recorded pass the
        /// file no longer earns is taken back (a grade comes from the checks, not from a
        /// progress file anyone can edit).
        case grading
    }

    /// What a check came to.
    package struct Recorded: Sendable {
        package let report: CheckReport
        /// The progress after the record; nil when the check was cancelled (nothing recorded)
        /// or the progress could not be saved (see `saveProblem`).
        package let progress: LearnerProgress?
        /// True when a grading run took back a pass the progress had recorded.
        package let passTakenBack: Bool
        /// Set when the progress file had to be moved aside to record this.
        package let warning: String?
        /// Why the record could not be saved; the report still stands.
        package let saveProblem: String?
    }

    private let checker: any ExerciseChecker
    private let store: ProgressStore
    private let timeSource: any TimeSource
    private let observers: [any CheckObserver]

    package init(checker: any ExerciseChecker, store: ProgressStore, timeSource: any TimeSource, observers: [any CheckObserver] = []) {
        self.checker = checker
        self.store = store
        self.timeSource = timeSource
        self.observers = observers
    }

    /// Checks `source` against `exercise`, records the outcome for `purpose`, and tells the
    /// observers. Cancel the calling task to stop the check; a cancelled check records nothing.
    ///
    /// - Throws: only what the checker throws (problems outside the learner's code).
    package func check(
        _ exercise: Exercise, source: URL, purpose: Purpose, phases: AsyncStream<CheckPhase>.Continuation? = nil
    ) async throws -> Recorded {
        let report = try await checker.check(exercise, source: source, phases: phases)
        guard report.outcome != .cancelled else {
            return Recorded(report: report, progress: nil, passTakenBack: false, warning: nil, saveProblem: nil)
        }
        let now = timeSource.now()
        var passTakenBack = false
        let saved: ProgressStore.Loaded
        do {
            saved = try store.update { progress in
                progress.update(exercise.id) { record in
                    switch purpose {
                    case .attempt:
                        record.attempts += 1
                        record.firstOpenedAt = record.firstOpenedAt ?? now
                    case .grading:
                        if record.passed && !report.passed {
                            record.passed = false
                            passTakenBack = true
                        }
                    }
                    // What the file does now, whoever checked it: `hint` answers this, not
                    // the pass recorded before.
                    record.lastCheckPassed = report.passed
                    record.lastFailures = report.failureNames
                    if report.passed {
                        record.passed = true
                        record.firstPassedAt = record.firstPassedAt ?? now
                    }
                }
            }
        } catch {
            let recorded = Recorded(report: report, progress: nil, passTakenBack: false, warning: nil, saveProblem: error.localizedDescription)
            tellObservers(exercise: exercise, purpose: purpose, at: now, recorded: recorded)
            return recorded
        }
        let recorded = Recorded(report: report, progress: saved.progress, passTakenBack: passTakenBack, warning: saved.warning, saveProblem: nil)
        tellObservers(exercise: exercise, purpose: purpose, at: now, recorded: recorded)
        return recorded
    }

    /// For grading: the learner's file of `exercise` is still its starter, which fails by
    /// design (`didojo verify --starters` proves every one does), so it was not checked. A pass
    /// the progress recorded for it is taken back, as a failed check would take it back.
    ///
    /// - Returns: whether a pass was taken back, and why the progress could not be saved, if
    ///   it could not.
    package func recordUntried(_ exercise: Exercise) -> (passTakenBack: Bool, saveProblem: String?) {
        var passTakenBack = false
        do {
            try store.update { progress in
                let record = progress.exercise(exercise.id)
                guard record.passed || record.lastCheckPassed == true else { return }
                progress.update(exercise.id) {
                    $0.passed = false
                    $0.lastCheckPassed = false
                }
                passTakenBack = record.passed
            }
            return (passTakenBack, nil)
        } catch {
            return (false, error.localizedDescription)
        }
    }

    private func tellObservers(exercise: Exercise, purpose: Purpose, at time: Date, recorded: Recorded) {
        guard !observers.isEmpty else { return }
        let event = CheckEvent(exercise: exercise, purpose: purpose, time: time, recorded: recorded)
        for observer in observers { observer.checkRecorded(event) }
    }
}

/// Hears of every check recorded: the live classroom's events start here.
package protocol CheckObserver: Sendable {
    func checkRecorded(_ event: CheckEvent)
}

/// One recorded check, as an observer hears of it.
package struct CheckEvent: Sendable {
    package let exerciseID: String
    package let lessonID: String
    package let purpose: CheckRecorder.Purpose
    package let time: Date
    package let passed: Bool
    /// The readable names of the checks that failed (for a test-writing exercise, also the
    /// planted bugs the learner's tests let through, by their descriptions).
    package let failingChecks: [String]
    package let report: CheckReport

    init(exercise: Exercise, purpose: CheckRecorder.Purpose, time: Date, recorded: CheckRecorder.Recorded) {
        exerciseID = exercise.id
        lessonID = exercise.lessonID
        self.purpose = purpose
        self.time = time
        report = recorded.report
        passed = recorded.report.passed
        failingChecks = recorded.report.checks.filter { !$0.passed }.map(\.readableName)
            + recorded.report.mutants.filter { !$0.caught }.map(\.mutant.description)
    }
}
