import DojoCatalog
import DojoWorkspace
import Foundation

/// The lessons a class works through, as the server needs them: ids and titles, in order, and
/// which lesson each exercise belongs to (to refuse ids from outside the class).
public struct ClassLessons: Sendable, Equatable {
    public struct LessonInfo: Codable, Sendable, Equatable {
        public var id: String
        public var title: String
        public var exercises: [ExerciseInfo]
        /// The workshop keeps it locked until the lesson before is passed (the teacher can
        /// unlock it for the room).
        public var locked: Bool
        /// The workshop's time box for the lesson, in minutes, if it sets one: each learner's
        /// counts from their first event in the lesson, as the shell's counts from its first
        /// opening.
        public var timeBoxMinutes: Int?

        public init(id: String, title: String, exercises: [ExerciseInfo], locked: Bool = false, timeBoxMinutes: Int? = nil) {
            self.id = id
            self.title = title
            self.exercises = exercises
            self.locked = locked
            self.timeBoxMinutes = timeBoxMinutes
        }
    }

    public struct ExerciseInfo: Codable, Sendable, Equatable {
        public var id: String
        public var title: String

        public init(id: String, title: String) {
            self.id = id
            self.title = title
        }
    }

    public let lessons: [LessonInfo]
    /// Exercise id → lesson id.
    public let lessonOfExercise: [String: String]
    public var lessonIDs: Set<String> { Set(lessons.map(\.id)) }
    public var exerciseIDs: [String] { lessons.flatMap { $0.exercises.map(\.id) } }

    public init(lessons: [LessonInfo]) {
        self.lessons = lessons
        var map: [String: String] = [:]
        for lesson in lessons {
            for exercise in lesson.exercises { map[exercise.id] = lesson.id }
        }
        lessonOfExercise = map
    }

    /// The lessons of a catalog (a workshop's catalog is already cut down to its lessons), with
    /// the workshop's locks.
    public init(catalog: LessonCatalog, workshop: Workshop? = nil) {
        self.init(lessons: catalog.lessons.map { lesson in
            LessonInfo(
                id: lesson.id, title: lesson.title, exercises: lesson.exercises.map { ExerciseInfo(id: $0.id, title: $0.title) },
                locked: workshop?.plan(for: lesson.id)?.locked ?? false,
                timeBoxMinutes: workshop?.plan(for: lesson.id)?.timeBox.map { Int($0.components.seconds / 60) })
        })
    }
}
