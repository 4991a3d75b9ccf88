import Foundation

/// For teachers: grades a whole class, one workspace per learner, in one run. Each learner's
/// exercises are graded as `didojo verify` grades one workspace (and recorded in their
/// progress); learners are graded `concurrency` at a time, each learner's checks one after the
/// other, so that a room of workspaces keeps the machine's cores busy without crowding them.
public struct ClassGrader: Sendable {
    /// One learner's grades.
    public struct LearnerGrades: Sendable {
        /// The learner's name, else the workspace folder's.
        public let learner: String
        public let workspace: URL
        public let grades: [WorkspaceGrader.Grade]

        public var rows: [VerificationRow] { grades.map { VerificationRow($0, learner: learner) } }
    }

    /// One learner's workspace, and the recorder of their progress (the checker is shared).
    public struct Seat: Sendable {
        public let workspace: Workspace
        public let recorder: CheckRecorder

        public init(workspace: Workspace, recorder: CheckRecorder) {
            self.workspace = workspace
            self.recorder = recorder
        }
    }

    public init() {}

    /// Grades `exercises` in every seat's workspace, in the seats' order. Two learners with the
    /// same name are told apart by their folders' names.
    public func grade(_ seats: [Seat], exercises: [Exercise], concurrency: Int = 2) async throws -> [LearnerGrades] {
        let labels = Self.labels(for: seats.map(\.workspace))
        return try await Array(zip(seats, labels)).concurrentMap(limit: concurrency) { seat, label in
            try seat.workspace.prepare(for: exercises)
            let grades = try await WorkspaceGrader(recorder: seat.recorder, workspace: seat.workspace).grade(exercises, concurrency: 1)
            return LearnerGrades(learner: label, workspace: seat.workspace.root, grades: grades)
        }
    }

    /// Each workspace's learner, as `Workspace.learnerLabel()` gives it, with the folder's name
    /// added where two would read the same.
    static func labels(for workspaces: [Workspace]) -> [String] {
        let plain = workspaces.map { $0.learnerLabel() }
        let counts = Dictionary(plain.map { ($0, 1) }, uniquingKeysWith: +)
        return zip(plain, workspaces).map { label, workspace in
            counts[label, default: 0] > 1 && label != workspace.root.lastPathComponent ? "\(label) (\(workspace.root.lastPathComponent))" : label
        }
    }
}
