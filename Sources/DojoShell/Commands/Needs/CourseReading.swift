import DojoCatalog
import DojoWorkspace

/// What reads the lesson catalogue, and says where the learner is in it.
@MainActor
protocol CourseReading: AnyObject {
    var catalog: LessonCatalog { get }
    /// The instructor's workshop, when the learner is in one.
    var workshop: Workshop? { get }
    var currentLesson: Lesson? { get }
    var currentExercise: Exercise? { get }
    /// The lessons the learner may open now.
    var openableLessonIDs: [String] { get }
    /// What `graph` tells the wiring analysis about each lesson's modules.
    var wiringVocabularies: LessonVocabularies { get }
    /// A lesson id, or its number.
    func lesson(named argument: String) throws -> Lesson
    /// A full exercise id, a number in the open lesson, or nil for the current exercise.
    func exercise(named argument: String?) throws -> Exercise
    /// Why `lesson` cannot be opened yet, or nil when it can.
    func lockMessage(for lesson: Lesson) -> String?
}
