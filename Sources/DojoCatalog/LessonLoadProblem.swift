import Foundation

/// Why one lesson could not be loaded. The other lessons still load.
public struct LessonLoadProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file (or folder) at fault.
    public let path: String
    /// What is wrong with it, for the lesson's author.
    public let problem: String

    public init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }

    public var description: String { "\(path): \(problem)" }
}
