import DojoCatalog
import DojoWorkspace
import Foundation

/// What a learner has done, per lesson and exercise, with the totals at the top: the report a
/// learner hands in after a workshop. Built from the catalog and the saved progress only, so
/// it says the same whoever writes it and wherever.
package struct LearnerReport: Sendable, Equatable, Encodable {
    package struct Totals: Sendable, Equatable, Encodable {
        package let exercisesPassed: Int
        package let exercises: Int
        /// Checks the learner ran (`check`, `watch`, `didojo check`).
        package let attempts: Int
        package let hintsShown: Int
        package let solutionsSeen: Int
        /// The sum of "first open to first pass" over the passed exercises whose opening is
        /// known; nil when none is.
        package let secondsToPass: Double?
    }

    package struct LessonEntry: Sendable, Equatable, Encodable {
        package let id: String
        package let title: String
        package let exercisesPassed: Int
        package let exercises: [ExerciseEntry]
    }

    package struct ExerciseEntry: Sendable, Equatable, Encodable {
        package let id: String
        package let title: String
        package let status: ExerciseStatus
        package let attempts: Int
        package let hintsShown: Int
        package let solutionSeen: Bool
        /// True when the solution was first seen before the first pass, false after it; nil
        /// when it was not seen or the time is not known.
        package let solutionSeenBeforePass: Bool?
        package let firstOpenedAt: Date?
        package let firstPassedAt: Date?
        /// From first open to first pass; nil when not passed, or when the opening was not
        /// recorded (progress from before DIDojo recorded it, or a pass found by grading).
        package let secondsToPass: Double?
    }

    package let writtenAt: Date
    package let workspace: String
    /// The learner's name, when the workspace has one (see `LearnerRecord`).
    package let learner: String?
    /// True when every exercise was graded by its checks just before the report was written
    /// (`report --verify`): a pass in it is the checks' word. False: the passes are as the
    /// progress file recorded them, which the learner can edit.
    package let verified: Bool
    package let totals: Totals
    package let lessons: [LessonEntry]

    /// " (solution seen before passing)", " (solution seen after passing)", " (solution seen)"
    /// when it is not known when, or "" — what a report adds to an exercise.
    package static func solutionNote(_ exercise: ExerciseEntry) -> String {
        guard exercise.solutionSeen else { return "" }
        switch exercise.solutionSeenBeforePass {
        case true?: return exercise.status == .passed ? " (solution seen before passing)" : " (solution seen)"
        case false?: return " (solution seen after passing)"
        case nil: return " (solution seen)"
        }
    }

    package init(catalog: LessonCatalog, progress: LearnerProgress, workspace: String, writtenAt: Date, learner: String? = nil, verified: Bool = false) {
        self.writtenAt = writtenAt
        self.workspace = workspace
        self.learner = learner
        self.verified = verified
        lessons = catalog.lessons.map { lesson in
            let exercises = lesson.exercises.map { exercise in
                Self.entry(for: exercise, record: progress.exercise(exercise.id))
            }
            return LessonEntry(id: lesson.id, title: lesson.title, exercisesPassed: exercises.filter { $0.status == .passed }.count, exercises: exercises)
        }
        let all = lessons.flatMap(\.exercises)
        let times = all.compactMap(\.secondsToPass)
        totals = Totals(
            exercisesPassed: all.filter { $0.status == .passed }.count,
            exercises: all.count,
            attempts: all.reduce(0) { $0 + $1.attempts },
            hintsShown: all.reduce(0) { $0 + $1.hintsShown },
            solutionsSeen: all.filter(\.solutionSeen).count,
            secondsToPass: times.isEmpty ? nil : times.reduce(0, +)
        )
    }

    private static func entry(for exercise: Exercise, record: ExerciseProgress) -> ExerciseEntry {
        var secondsToPass: Double?
        if record.passed, let opened = record.firstOpenedAt, let passed = record.firstPassedAt {
            // A clock set back between the two would give a negative time: unknown, not zero.
            let seconds = passed.timeIntervalSince(opened)
            secondsToPass = seconds >= 0 ? seconds : nil
        }
        return ExerciseEntry(
            id: exercise.id, title: exercise.title, status: record.status, attempts: record.attempts,
            hintsShown: record.hintsShown, solutionSeen: record.solutionSeen, solutionSeenBeforePass: record.solutionSeenBeforePass,
            firstOpenedAt: record.firstOpenedAt, firstPassedAt: record.firstPassedAt, secondsToPass: secondsToPass
        )
    }

    /// The report as JSON, dates in ISO 8601, for learning platforms and scripts.
    package func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
