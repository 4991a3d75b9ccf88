import DojoCatalog
import DojoWorkspace
import Foundation

/// For teachers: grades a whole class, one workspace per learner, in one run. Each learner's
/// exercises are graded as `didojo verify` grades one workspace, but nothing is written into
/// the workspaces (what is graded is never changed by grading it); learners are graded `concurrency` at a time, each learner's checks one after the
/// other, so that a room of workspaces keeps the machine's cores busy without crowding them.
package struct ClassGrader: Sendable {
    /// One learner's grades.
    package struct LearnerGrades: Sendable {
        /// The learner's name, else the workspace folder's.
        package let learner: String
        package let workspace: URL
        package let grades: [WorkspaceGrader.Grade]
        /// The learner id of the live class the workspace joined, if any: the class server
        /// matches the grades with its learner by it (`didojo class grade`).
        package var classLearnerID: String? = nil

        package var rows: [VerificationRow] { grades.map { VerificationRow($0, learner: learner) } }
    }

    /// One learner's workspace, and the exercises to grade there (its workshop's, unless the
    /// teacher gave one for the whole class).
    package struct Seat: Sendable {
        package let workspace: Workspace
        package let exercises: [Exercise]

        package init(workspace: Workspace, exercises: [Exercise]) {
            self.workspace = workspace
            self.exercises = exercises
        }
    }

    private let checker: any ExerciseChecker

    package init(checker: any ExerciseChecker) {
        self.checker = checker
    }

    /// Grades every seat's exercises in its workspace, in the seats' order. Two learners with
    /// the same name are told apart by their folders' names. Writes nothing into the
    /// workspaces: no grade recorded in a learner's progress, no file made from a starter (a
    /// missing file is not tried).
    package func grade(_ seats: [Seat], concurrency: Int = 2) async throws -> [LearnerGrades] {
        let labels = Self.labels(for: seats.map(\.workspace))
        let checker = checker
        return try await Array(zip(seats, labels)).concurrentMap(limit: concurrency) { seat, label in
            let grades = try await WorkspaceGrader(checker: checker, workspace: seat.workspace).grade(seat.exercises, concurrency: 1)
            let membership = ClassOutbox(stateFolder: seat.workspace.stateFolder, fileSystem: seat.workspace.fileSystem).membership()
            return LearnerGrades(learner: label, workspace: seat.workspace.root, grades: grades, classLearnerID: membership?.learnerID)
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
