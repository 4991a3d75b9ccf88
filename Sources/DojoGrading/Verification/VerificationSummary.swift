import DojoCatalog
import Foundation

/// The whole result of `didojo verify`, as its JSON output: counts at the top, then one
/// entry per exercise checked.
public struct VerificationSummary: Sendable, Encodable {
    /// Whose workspace was graded (the learner's name, else the folder's) and where; nil for
    /// what authors verify and for a class (each row names its learner).
    public let learner: String?
    public let workspace: String?
    public let passed: Int
    public let total: Int
    /// True only when every exercise behaves and every lesson loaded: exit status 0.
    public let allPassed: Bool
    public let lessonsNotLoaded: [String]
    public let results: [VerificationRow]

    public init(rows: [VerificationRow], lessonProblems: [LessonLoadProblem], learner: String? = nil, workspace: String? = nil) {
        self.learner = learner
        self.workspace = workspace
        passed = rows.filter(\.passed).count
        total = rows.count
        allPassed = lessonProblems.isEmpty && rows.allSatisfy(\.passed)
        lessonsNotLoaded = lessonProblems.map(\.description)
        results = rows
    }

    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
