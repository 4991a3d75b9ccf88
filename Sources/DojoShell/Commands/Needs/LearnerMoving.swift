import ClassProtocol
import DojoCatalog

/// What moves the learner through the course: to a page, to an exercise; each returns false,
/// having said why, when the workshop keeps the lesson locked.
@MainActor
protocol LearnerMoving: AnyObject {
    @discardableResult
    func go(to lesson: Lesson, page: Int) -> Bool
    @discardableResult
    func select(_ exercise: Exercise) -> Bool
    /// Notes the first time the learner opened `exercise`, for the report.
    func markOpened(_ exercise: Exercise)
    /// In a live class, asks whether the teacher unlocked `lesson`; why it could not ask.
    func askClassAboutLock(of lesson: Lesson) async -> ClassroomProblem?
}

/// What a command that acts on one exercise needs to find it and make it the current one
/// (see `ExerciseTargetedCommand`).
typealias ExerciseSelection = CommandScreen & CourseReading & LearnerMoving
