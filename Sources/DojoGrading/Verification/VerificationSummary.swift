import DojoCatalog
import Foundation

/// The whole result of `didojo verify`, as its JSON output: counts at the top, then one
/// entry per exercise checked.
package struct VerificationSummary: Sendable, Encodable {
    /// Whose workspace was graded (the learner's name, else the folder's) and where; nil for
    /// what authors verify and for a class (each row names its learner).
    package let learner: String?
    package let workspace: String?
    package let passed: Int
    package let total: Int
    /// True only when every exercise behaves and every lesson loaded: exit status 0.
    package let allPassed: Bool
    package let lessonsNotLoaded: [String]
    package let results: [VerificationRow]

    package init(rows: [VerificationRow], lessonProblems: [LessonLoadProblem], learner: String? = nil, workspace: String? = nil) {
        self.learner = learner
        self.workspace = workspace
        passed = rows.filter(\.passed).count
        total = rows.count
        allPassed = lessonProblems.isEmpty && rows.allSatisfy(\.passed)
        lessonsNotLoaded = lessonProblems.map(\.description)
        results = rows
    }

    package func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
