import Foundation

/// Every lesson under Lessons/, in order, plus the problems of those that failed to load.
public struct LessonCatalog: Sendable {
    public let lessons: [Lesson]
    /// One per lesson that could not be loaded; shown at start-up, never fatal.
    public let problems: [LessonLoadProblem]

    public init(lessons: [Lesson], problems: [LessonLoadProblem] = []) {
        self.lessons = lessons
        self.problems = problems
    }

    /// Loads every `NN-id` folder in `folder`, in name order.
    public static func load(from folder: URL, fileSystem: any FileSystem) -> LessonCatalog {
        guard let entries = try? fileSystem.contentsOfDirectory(at: folder) else {
            return LessonCatalog(lessons: [], problems: [
                LessonLoadProblem(path: folder.path, problem: "the lessons folder cannot be read"),
            ])
        }
        let loader = LessonLoader(fileSystem: fileSystem)
        var lessons: [Lesson] = []
        var problems: [LessonLoadProblem] = []
        for entry in entries where fileSystem.directoryExists(at: entry) && LessonLoader.lessonID(forFolderNamed: entry.lastPathComponent) != nil {
            do {
                let lesson = try loader.load(folder: entry)
                if lessons.contains(where: { $0.id == lesson.id }) {
                    problems.append(LessonLoadProblem(path: entry.path, problem: "another lesson already has the id '\(lesson.id)'"))
                } else {
                    lessons.append(lesson)
                }
            } catch {
                problems.append(error)
            }
        }
        return LessonCatalog(lessons: lessons, problems: problems)
    }

    public func lesson(id: String) -> Lesson? {
        lessons.first { $0.id == id }
    }

    /// The exercise `lesson-id.n`.
    public func exercise(id: String) -> Exercise? {
        lessons.lazy.flatMap(\.exercises).first { $0.id == id }
    }

    public var allExercises: [Exercise] {
        lessons.flatMap(\.exercises)
    }

    /// The lesson after `id`, if any.
    public func lesson(after id: String) -> Lesson? {
        guard let index = lessons.firstIndex(where: { $0.id == id }), index + 1 < lessons.count else { return nil }
        return lessons[index + 1]
    }

    public func lesson(before id: String) -> Lesson? {
        guard let index = lessons.firstIndex(where: { $0.id == id }), index > 0 else { return nil }
        return lessons[index - 1]
    }
}
