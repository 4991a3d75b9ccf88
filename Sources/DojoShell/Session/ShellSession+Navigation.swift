import ClassProtocol
import DojoCatalog

extension ShellSession {
    /// Moves to a page of a lesson (`lesson.pages.count` is its exercises page). Switching
    /// lessons forgets the exercise chosen in the old one.
    ///
    /// Returns false, having said why, when the workshop keeps the lesson locked: every
    /// command that moves the learner comes through here, so the lock has one gate.
    @discardableResult
    func go(to lesson: Lesson, page: Int) -> Bool {
        if let locked = lockMessage(for: lesson) {
            printer.line(locked)
            return false
        }
        let now = dependencies.records.timeSource.now()
        if progress.currentLessonID != lesson.id {
            dependencies.classroom.record(ClassEvent(kind: .opened, time: now, lessonID: lesson.id))
        }
        updateProgress { progress in
            if progress.currentLessonID != lesson.id {
                progress.currentExerciseID = nil
            }
            progress.currentLessonID = lesson.id
            progress.currentPage = min(max(0, page), lesson.pages.count)
            progress.noteFirstOpening(of: lesson.id, at: now)
        }
        return true
    }

    /// Makes `exercise` the one commands act on, opening its lesson if another is open.
    /// Returns false, having said why, when its lesson is locked.
    ///
    /// Moving to another lesson is said out loud, with the way back: the prompt changes, and
    /// a following `check` without an id acts on this exercise, which is what a learner who
    /// just typed `edit constructor.4` means. Staying in the old lesson would instead check
    /// that lesson's exercise.
    @discardableResult
    func select(_ exercise: Exercise) -> Bool {
        guard let lesson = catalog.lesson(id: exercise.lessonID) else { return false }
        if let previous = currentLesson, previous.id != exercise.lessonID {
            guard go(to: lesson, page: lesson.pages.count) else { return false }
            printer.note("Moved to lesson \(lesson.id) for \(exercise.id); 'open \(previous.id)' goes back.")
        } else if currentLesson == nil {
            guard go(to: lesson, page: lesson.pages.count) else { return false }
        } else if let locked = lockMessage(for: lesson) {
            printer.line(locked)
            return false
        }
        if progress.currentExerciseID != exercise.id {
            dependencies.classroom.record(ClassEvent(kind: .opened, time: dependencies.records.timeSource.now(), lessonID: lesson.id, exerciseID: exercise.id))
        }
        updateProgress { $0.currentExerciseID = exercise.id }
        return true
    }

    /// Notes the first time the learner opened an exercise (any command on it but `reset`),
    /// for the report's "time from first open to first pass".
    func markOpened(_ exercise: Exercise) {
        let now = dependencies.records.timeSource.now()
        updateProgress { progress in
            progress.update(exercise.id) { $0.firstOpenedAt = $0.firstOpenedAt ?? now }
        }
    }
}
