import DojoCatalog
import Foundation

/// The JSON of `didojo verify --workspaces`: one entry per learner, with their workspace and
/// their exercises as `VerificationRow`s.
package struct ClassGradingSummary: Sendable, Encodable {
    package struct Learner: Sendable, Encodable {
        package let learner: String
        package let workspace: String
        /// The learner id of the live class the workspace joined, if any.
        package let classLearnerID: String?
        package let passed: Int
        package let untried: Int
        package let total: Int
        package let results: [VerificationRow]
    }

    package let learners: [Learner]
    package let lessonsNotLoaded: [String]

    package init(learners: [ClassGrader.LearnerGrades], lessonProblems: [LessonLoadProblem]) {
        self.learners = learners.map { grades in
            let rows = grades.rows
            return Learner(
                learner: grades.learner, workspace: grades.workspace.path, classLearnerID: grades.classLearnerID, passed: rows.filter(\.passed).count,
                untried: rows.filter(\.untried).count, total: rows.count, results: rows
            )
        }
        lessonsNotLoaded = lessonProblems.map(\.description)
    }

    package func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
