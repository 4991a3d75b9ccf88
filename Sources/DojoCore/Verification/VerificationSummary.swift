import Foundation

/// The whole result of `didojo verify`, as its JSON output: counts at the top, then one
/// entry per exercise checked.
public struct VerificationSummary: Sendable, Encodable {
    public let passed: Int
    public let total: Int
    /// True only when every exercise behaves and every lesson loaded: exit status 0.
    public let allPassed: Bool
    public let lessonsNotLoaded: [String]
    public let results: [VerificationRow]

    public init(rows: [VerificationRow], lessonProblems: [LessonLoadProblem]) {
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
