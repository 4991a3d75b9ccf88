import Foundation

/// A lesson as loaded from its folder under Lessons/.
package struct Lesson: Sendable, Equatable {
    /// The folder name without its number prefix, e.g. `no-di`.
    package let id: String
    package let title: String
    package let summary: String
    /// The lesson's runnable module.
    package let module: String
    package let folder: URL
    package let pages: [LessonPage]
    package let exercises: [Exercise]
    /// Types the wiring analysis accepts as Local Defaults in this lesson (`tolerated-defaults`).
    package let toleratedDefaults: [String]

    package init(
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
package struct LessonPage: Sendable, Equatable {
    package let title: String
    package let markdown: String
    package let file: URL

    package init(title: String, markdown: String, file: URL) {
        self.title = title
        self.markdown = markdown
        self.file = file
    }
}
