import Foundation

/// One exercise: a file the learner edits, and the checks that judge it.
public struct Exercise: Sendable, Equatable {
    /// `<lesson-id>.<n>`, e.g. `constructor.2`.
    public let id: String
    public let lessonID: String
    /// 1-based position in the lesson.
    public let number: Int
    public let title: String
    public let task: String
    public let hints: [String]
    /// The learner's file name in the workspace.
    public let fileName: String
    public let starter: URL
    public let solution: URL
    public let checks: URL
    /// Extra Swift files compiled with the exercise.
    public let support: [URL]

    public init(
        lessonID: String, number: Int, title: String, task: String, hints: [String],
        fileName: String, starter: URL, solution: URL, checks: URL, support: [URL]
    ) {
        self.id = "\(lessonID).\(number)"
        self.lessonID = lessonID
        self.number = number
        self.title = title
        self.task = task
        self.hints = hints
        self.fileName = fileName
        self.starter = starter
        self.solution = solution
        self.checks = checks
        self.support = support
    }
}
