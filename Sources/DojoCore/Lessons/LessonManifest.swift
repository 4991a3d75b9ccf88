/// The contents of a lesson's `lesson.yaml`, as an author writes it.
public struct LessonManifest: Decodable, Equatable, Sendable {
    public var title: String
    public var summary: String
    /// The lesson's runnable module under Sources/.
    public var module: String
    public var exercises: [ExerciseManifest]

    public init(title: String, summary: String, module: String, exercises: [ExerciseManifest]) {
        self.title = title
        self.summary = summary
        self.module = module
        self.exercises = exercises
    }
}

/// One exercise entry of `lesson.yaml`.
public struct ExerciseManifest: Decodable, Equatable, Sendable {
    public var title: String
    /// The learner's file name in the workspace, e.g. `SocialPresenter.swift`.
    public var file: String
    public var task: String
    public var hints: [String]

    public init(title: String, file: String, task: String, hints: [String]) {
        self.title = title
        self.file = file
        self.task = task
        self.hints = hints
    }
}
