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
        /// Since when the learner has been on their current exercise without passing it (the
        /// server's clock); nil when they are not stuck. `stuckSeconds` is `serverTime` minus
        /// this: a dashboard counts it on from the changes it receives.
        public var stuckSince: Date?
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

/// What changed in the room since the last update a dashboard's stream sent (`event: changes`,
/// see API.md): the room's small parts whole, and only the learners' rows that changed, so that
/// a room of 300 learners is not sent whole (700 KiB) ten times a second.
public struct RoomChanges: Codable, Sendable, Equatable {
    public var className: String
    public var joinCode: String
    public var serverTime: Date
    public var lessons: [RoomSnapshot.LessonView]
    /// The rows that changed (added ones included), whole.
    public var learners: [RoomSnapshot.LearnerRow]
    /// Every row's id, in the room's order, when a row was added, removed or moved; nil when
    /// the order is the one sent last.
    public var order: [String]?
    public var stuck: [RoomSnapshot.Stuck]
    public var commonFailures: [RoomSnapshot.Common]
    public var commonMistakes: [RoomSnapshot.Common]
    public var hands: [RoomSnapshot.HandView]
    public var totals: RoomSnapshot.Totals
    public var projectorToken: String?

    /// The changes from a room a stream sent to `room`, given each row's version (in the
    /// room's order) and the versions sent before, by row id.
    public init(from room: RoomSnapshot, versions: [Int], sent: inout [String: Int], sentOrder: inout [String]) {
        var changed: [RoomSnapshot.LearnerRow] = []
        var order: [String] = []
        order.reserveCapacity(room.learners.count)
        var seen: [String: Int] = [:]
        for (index, row) in room.learners.enumerated() {
            let version = index < versions.count ? versions[index] : -1
            if sent[row.id] != version || version < 0 { changed.append(row) }
            seen[row.id] = version
            order.append(row.id)
        }
        sent = seen
        let orderChanged = order != sentOrder
        sentOrder = order
        self.init(
            className: room.className, joinCode: room.joinCode, serverTime: room.serverTime, lessons: room.lessons, learners: changed,
            order: orderChanged ? order : nil, stuck: room.stuck, commonFailures: room.commonFailures,
            commonMistakes: room.commonMistakes, hands: room.hands, totals: room.totals, projectorToken: room.projectorToken)
    }

    public init(
        className: String, joinCode: String, serverTime: Date, lessons: [RoomSnapshot.LessonView], learners: [RoomSnapshot.LearnerRow],
        order: [String]?, stuck: [RoomSnapshot.Stuck], commonFailures: [RoomSnapshot.Common], commonMistakes: [RoomSnapshot.Common],
        hands: [RoomSnapshot.HandView], totals: RoomSnapshot.Totals, projectorToken: String?
    ) {
        self.className = className
        self.joinCode = joinCode
        self.serverTime = serverTime
        self.lessons = lessons
        self.learners = learners
        self.order = order
        self.stuck = stuck
        self.commonFailures = commonFailures
        self.commonMistakes = commonMistakes
        self.hands = hands
        self.totals = totals
        self.projectorToken = projectorToken
    }
}

/// A room as a dashboard's stream gets it: the snapshot, and each row's version (in the room's
/// order), from which the stream tells the rows that changed.
public struct RoomUpdate: Sendable {
    public var room: RoomSnapshot
    public var versions: [Int]
}
