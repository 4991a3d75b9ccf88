import Foundation

/// A lesson as loaded from its folder under Lessons/.
public struct Lesson: Sendable, Equatable {
    /// The folder name without its number prefix, e.g. `no-di`.
    public let id: String
    public let title: String
    public let summary: String
    /// The lesson's runnable module.
    public let module: String
    public let folder: URL
    public let pages: [LessonPage]
    public let exercises: [Exercise]
    /// Types the wiring analysis accepts as Local Defaults in this lesson (`tolerated-defaults`).
    public let toleratedDefaults: [String]

    public init(
        id: String, title: String, summary: String, module: String, folder: URL, pages: [LessonPage], exercises: [Exercise],
        toleratedDefaults: [String] = []
    ) {
        self.id = id
        self.title = title
        self.summary = summary
        self.module = module
        self.folder = folder
        self.pages = pages
        self.exercises = exercises
        self.toleratedDefaults = toleratedDefaults
    }
}

/// One Markdown page of a lesson.
public struct LessonPage: Sendable, Equatable {
    public let title: String
    public let markdown: String
    public let file: URL

    public init(title: String, markdown: String, file: URL) {
        self.title = title
        self.markdown = markdown
        self.file = file
    }
}
