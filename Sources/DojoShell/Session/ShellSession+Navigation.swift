import DojoCore

extension ShellSession {
    /// Moves to a page of a lesson (`lesson.pages.count` is its exercises page). Switching
    /// lessons forgets the exercise chosen in the old one.
    func go(to lesson: Lesson, page: Int) {
        updateProgress { progress in
            if progress.currentLessonID != lesson.id {
                progress.currentExerciseID = nil
            }
            progress.currentLessonID = lesson.id
            progress.currentPage = min(max(0, page), lesson.pages.count)
        }
    }

    /// Makes `exercise` the one commands act on, opening its lesson if another is open.
    func select(_ exercise: Exercise) {
        if currentLesson?.id != exercise.lessonID, let lesson = catalog.lesson(id: exercise.lessonID) {
            go(to: lesson, page: lesson.pages.count)
        }
        updateProgress { $0.currentExerciseID = exercise.id }
    }

    /// Notes the first time the learner opened an exercise (any command on it but `reset`),
    /// for the report's "time from first open to first pass".
    func markOpened(_ exercise: Exercise) {
        let now = dependencies.timeSource.now()
        updateProgress { progress in
            progress.update(exercise.id) { $0.firstOpenedAt = $0.firstOpenedAt ?? now }
        }
    }
}
