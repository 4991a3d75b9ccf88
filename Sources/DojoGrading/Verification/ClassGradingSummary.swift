import DojoCatalog
import Foundation

/// The JSON of `didojo verify --workspaces`: one entry per learner, with their workspace and
/// their exercises as `VerificationRow`s.
public struct ClassGradingSummary: Sendable, Encodable {
    public struct Learner: Sendable, Encodable {
        public let learner: String
        public let workspace: String
        /// The learner id of the live class the workspace joined, if any.
        public let classLearnerID: String?
        public let passed: Int
        public let untried: Int
        public let total: Int
        public let results: [VerificationRow]
    }

    public let learners: [Learner]
    public let lessonsNotLoaded: [String]

    public init(learners: [ClassGrader.LearnerGrades], lessonProblems: [LessonLoadProblem]) {
        self.learners = learners.map { grades in
            let rows = grades.rows
            return Learner(
                learner: grades.learner, workspace: grades.workspace.path, classLearnerID: grades.classLearnerID, passed: rows.filter(\.passed).count,
                untried: rows.filter(\.untried).count, total: rows.count, results: rows
            )
        }
        lessonsNotLoaded = lessonProblems.map(\.description)
    }

    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
