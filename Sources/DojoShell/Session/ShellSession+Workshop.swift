import DojoCatalog
import DojoWorkspace
import Foundation

/// What a workshop file changes in the shell: locked lessons and the time box in the prompt.
extension ShellSession {
    package var workshop: Workshop? { dependencies.course.workshop }

    /// Why `lesson` cannot be opened yet, or nil when it can (always nil without a workshop).
    func lockMessage(for lesson: Lesson) -> String? {
        guard let workshop, let previous = workshop.lockingLesson(of: lesson.id, in: catalog, progress: progress) else { return nil }
        // The teacher opened it for the room from the live class's dashboard.
        let membership = dependencies.classroom.membership
        if membership?.unlockedLessons.contains(lesson.id) == true { return nil }
        let passed = previous.exercises.filter { progress.exercise($0.id).passed }.count
        // Point at the first lesson the learner can actually work on: the lesson before may be
        // locked too.
        var workable = previous
        while lockMessage(for: workable) != nil, let earlier = workshop.prerequisite(of: workable.id).flatMap(catalog.lesson(id:)) {
            workable = earlier
        }
        let chain = workable.id == previous.id ? "" : ", which opens after \(workable.id)"
        let teacher = membership == nil ? "" : " Your teacher can also unlock it for the room: 'open \(lesson.id)' asks the class again."
        return "🔒 \(lesson.id) opens once you have passed every exercise of \(previous.id) (\(passed) of \(previous.exercises.count) so far)\(chain)."
            + " Your workshop, '\(workshop.title)', sets this order. 'open \(workable.id)' to carry on there." + teacher
    }

    /// How long opening a locked lesson waits for the class's answer.
    static let lockQuestionSeconds = 3

    /// Before saying a lesson is locked, in a live class: asks the class whether the teacher
    /// unlocked it since the last delivery (the learner waits, `lockQuestionSeconds` at most).
    /// Returns why the class could not be asked; the lock then stays, and nothing the learner
    /// did is touched (the outbox keeps what waits).
    func askClassAboutLock(of lesson: Lesson) async -> ClassroomProblem? {
        guard lockMessage(for: lesson) != nil, dependencies.classroom.membership != nil else { return nil }
        printer.note("Asking your class whether \(lesson.id) is unlocked…")
        if case .failure(let problem) = await dependencies.classroom.refresh(within: Self.lockQuestionSeconds) { return problem }
        return nil
    }

    /// The lessons the learner may open now, for Tab: a locked lesson is not offered.
    var openableLessonIDs: [String] {
        catalog.lessons.filter { lockMessage(for: $0) == nil }.map(\.id)
    }

    /// Whether the open lesson's time box still counts: it stops once every exercise of the
    /// lesson has passed.
    private var currentLessonIsDone: Bool {
        guard let lesson = currentLesson, !lesson.exercises.isEmpty else { return false }
        return lesson.exercises.allSatisfy { progress.exercise($0.id).passed }
    }

    /// "12 min left" or "3 min over" for the open lesson's time box; nil without one.
    ///
    /// Counted from the lesson's first opening, so restarting the shell does not reset it.
    var timeBoxLabel: String? {
        guard let lesson = currentLesson, let box = workshop?.plan(for: lesson.id)?.timeBox,
              let opened = progress.lessonsFirstOpened?[lesson.id] else { return nil }
        if currentLessonIsDone { return "done" }
        let elapsed = dependencies.records.timeSource.now().timeIntervalSince(opened)
        let left = Double(box.components.seconds) - elapsed
        if left >= 0 {
            return "\(Int((left / 60).rounded(.up))) min left"
        }
        return "\(Int((-left / 60).rounded(.up))) min over"
    }
}
