import Foundation

/// Why one lesson could not be loaded. The other lessons still load.
package struct LessonLoadProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file (or folder) at fault.
    package let path: String
    /// What is wrong with it, for the lesson's author.
    package let problem: String

    package init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }

    package var description: String { "\(path): \(problem)" }
}
