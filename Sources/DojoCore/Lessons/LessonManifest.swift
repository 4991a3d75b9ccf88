/// The contents of a lesson's `lesson.yaml`, as an author writes it.
public struct LessonManifest: Codable, Equatable, Sendable {
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
public struct ExerciseManifest: Codable, Equatable, Sendable {
    public var title: String
    /// `implement` (the default: the lesson's checks judge the learner's code) or `test` (the
    /// learner writes the tests, which must catch the lesson's mutants).
    public var kind: ExerciseKind?
    /// The learner's file name in the workspace, e.g. `SocialPresenter.swift`.
    public var file: String
    public var task: String
    public var hints: [String]
    /// For `kind: test`: the broken versions of the subject the learner's tests must catch.
    public var mutants: [MutantManifest]?

    public init(title: String, kind: ExerciseKind? = nil, file: String, task: String, hints: [String], mutants: [MutantManifest]? = nil) {
        self.title = title
        self.kind = kind
        self.file = file
        self.task = task
        self.hints = hints
        self.mutants = mutants
    }
}

/// What the learner does in an exercise.
public enum ExerciseKind: String, Codable, Equatable, Sendable {
    /// Write code that the lesson's checks judge.
    case implement
    /// Write a test (and its test double) that the lesson's mutants must not get past.
    case test
}

/// One mutant entry of `lesson.yaml`: a deliberately broken version of the subject.
public struct MutantManifest: Codable, Equatable, Sendable {
    /// The folder under `mutants/`.
    public var id: String
    /// What is broken, completing "your test did not notice: …".
    public var description: String

    public init(id: String, description: String) {
        self.id = id
        self.description = description
    }
}
