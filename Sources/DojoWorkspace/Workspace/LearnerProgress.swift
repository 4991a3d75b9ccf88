import Foundation

/// Where the learner is and what they have done; saved after every change.
package struct LearnerProgress: Codable, Equatable, Sendable {
    /// Bumped whenever a field is added, so that an older DIDojo refuses the file rather
    /// than save over it without the new fields (see `ProgressStore`). 2 added
    /// `ExerciseProgress.lastFailures` and `hintsSeen`; 3 added `solutionSeenAt`; 4 added
    /// `lastCheckPassed`.
    package var formatVersion: Int = ProgressStore.formatVersion
    package var currentLessonID: String?
    /// 0-based index of the page being read in the current lesson.
    package var currentPage: Int = 0
    /// The exercise `check`, `hint` and friends act on when no id is given.
    package var currentExerciseID: String?
    package var exercises: [String: ExerciseProgress] = [:]
    /// When each lesson was first opened (a workshop's time box counts from then). Optional
    /// because progress files from before workshops do not have it.
    package var lessonsFirstOpened: [String: Date]?

    package init() {}

    /// Records the first opening of a lesson; later openings change nothing.
    package mutating func noteFirstOpening(of lessonID: String, at date: Date) {
        if lessonsFirstOpened?[lessonID] == nil {
            lessonsFirstOpened = (lessonsFirstOpened ?? [:]).merging([lessonID: date]) { first, _ in first }
        }
    }

    package func exercise(_ id: String) -> ExerciseProgress {
        exercises[id] ?? ExerciseProgress()
    }

    package mutating func update(_ id: String, _ change: (inout ExerciseProgress) -> Void) {
        var entry = exercise(id)
        change(&entry)
        exercises[id] = entry
    }
}

/// One exercise's record.
package struct ExerciseProgress: Codable, Equatable, Sendable {
    package var passed: Bool = false
    package var attempts: Int = 0
    package var hintsShown: Int = 0
    package var firstPassedAt: Date?
    /// When the learner first opened the exercise (`exercise`, `edit`, `check`, `hint`…), for
    /// "time from first open to first pass". Optional: older progress files do not have it.
    package var firstOpenedAt: Date?
    /// True once the learner has asked to see the solution (before or after passing).
    package var solutionSeen: Bool = false
    /// When the learner first saw the solution, to tell "seen before the pass" from "seen after
    /// it"; nil when not seen, or seen before DIDojo kept the time.
    package var solutionSeenAt: Date?
    /// What failed in the learner's last check: the names of the failing checks
    /// (`testPostsOnce`, `wiring:…`) and, for a test-writing exercise, `mutant:<id>` for each
    /// planted bug the tests let through. `hint` answers these first.
    package var lastFailures: [String]?
    /// Whether the file passed its last check (the learner's, or a grading run's); nil for
    /// progress saved before DIDojo kept it. A pass, once recorded, stays in `passed` when the
    /// learner tries something else afterwards; this says what the file does now.
    package var lastCheckPassed: Bool?
    /// Which hints (by position) the learner has seen; hints are shown in the order the
    /// failures ask for them, not always in the order written.
    package var hintsSeen: [Int]?

    package init() {}

    /// Whether the file passed when it was last checked: the last check's word, or, for
    /// progress saved before DIDojo kept it, the recorded pass. What `hint` and `ask` go by.
    package var passedLastCheck: Bool {
        lastCheckPassed ?? passed
    }

    /// Records that the learner saw the solution at `time` (the first time counts).
    package mutating func markSolutionSeen(at time: Date) {
        solutionSeen = true
        solutionSeenAt = solutionSeenAt ?? time
    }

    /// Whether the solution was first seen before the first pass: true before (or without a
    /// pass), false after; nil when it was not seen or when is not known.
    package var solutionSeenBeforePass: Bool? {
        guard solutionSeen, let seen = solutionSeenAt else { return nil }
        guard let passedAt = firstPassedAt else { return true }
        return seen < passedAt
    }

    /// `pending` (never checked), `failed` (checked, not yet passed) or `passed`.
    package var status: ExerciseStatus {
        if passed { return .passed }
        return attempts > 0 ? .failed : .pending
    }
}

package enum ExerciseStatus: String, Codable, Sendable {
    case pending, failed, passed
}
