import Foundation

/// The room as `GET /api/room` and the dashboard's stream send it (see API.md).
public struct RoomSnapshot: Codable, Sendable, Equatable {
    public struct LessonView: Codable, Sendable, Equatable {
        public var id: String
        public var title: String
        /// False only for a lesson the workshop locks and the teacher has not unlocked.
        public var unlocked: Bool
        /// True for a lesson the workshop locks and the teacher unlocked for the room (it can
        /// be locked again).
        public var unlockedByTeacher: Bool?
        public var exercises: [ClassLessons.ExerciseInfo]
        /// The workshop's time box for the lesson, in minutes; nil without one.
        public var timeBoxMinutes: Int?
    }

    public struct CellView: Codable, Sendable, Equatable {
        /// `failing` or `passed`; an exercise not tried has no cell.
        public var state: String
        public var attempts: Int
        public var failedInARow: Int
        public var since: Date
        /// Nil while a pass is only reported by the learner's shell; `verified` when `verify`
        /// passed it, `takenBack` when `verify` failed a pass the shell reported.
        public var grade: String?
    }

    public struct LearnerRow: Codable, Sendable, Equatable {
        public var id: String
        public var name: String
        public var lastSeen: Date
        public var cells: [String: CellView]
        public var current: String?
        public var stuckSeconds: Int
        public var failedInARow: Int
        public var hintsUsed: Int
        /// When the learner joined (the server's clock).
        public var joinedAt: Date?
        /// 2, 3… for the second, third… learner who joined under a name already in the room
        /// (compared as `LearnerName.key` does); nil for the first.
        public var sameNameNumber: Int?
        /// Hints used, by exercise (nil: none).
        public var hints: [String: Int]?
        /// When the learner's first event in each lesson arrived, by lesson (the server's clock):
        /// a time box counts from it.
        public var lessonsStarted: [String: Date]?
    }

    public struct Stuck: Codable, Sendable, Equatable {
        public var learnerID: String
        public var name: String
        public var exerciseID: String
        public var seconds: Int
        public var failedInARow: Int
    }

    public struct Common: Codable, Sendable, Equatable {
        public var exerciseID: String
        public var check: String?
        public var mistake: String?
        public var learners: Int
    }

    public struct HandView: Codable, Sendable, Equatable {
        public var id: String
        public var learnerID: String
        public var name: String
        public var exerciseID: String
        public var text: String
        public var time: Date
    }

    public struct HandDetail: Codable, Sendable, Equatable {
        public var id: String
        public var learnerID: String
        public var name: String
        public var exerciseID: String
        public var text: String
        public var time: Date
        public var file: String
        public var fileName: String
        public var report: String
    }

    public struct Totals: Codable, Sendable, Equatable {
        public var learners: Int
        public var passedCells: Int
        public var cells: Int
    }

    public var className: String
    public var joinCode: String
    public var serverTime: Date
    public var lessons: [LessonView]
    public var learners: [LearnerRow]
    public var stuck: [Stuck]
    public var commonFailures: [Common]
    public var commonMistakes: [Common]
    public var hands: [HandView]
    public var totals: Totals
    /// The projector's read-only token, for the dashboard's "projector view" link; only in the
    /// teacher's room, never in the projector's.
    public var projectorToken: String?
}
