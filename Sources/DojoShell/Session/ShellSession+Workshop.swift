import DojoCore
import Foundation

/// What a workshop file changes in the shell: locked lessons and the time box in the prompt.
extension ShellSession {
    public var workshop: Workshop? { dependencies.workshop }

    /// Why `lesson` cannot be opened yet, or nil when it can (always nil without a workshop).
    func lockMessage(for lesson: Lesson) -> String? {
        guard let workshop, let before = workshop.prerequisite(of: lesson.id), let previous = catalog.lesson(id: before) else {
            return nil
        }
        let passed = previous.exercises.filter { progress.exercise($0.id).passed }.count
        guard passed < previous.exercises.count else { return nil }
        return "🔒 \(lesson.id) opens once you have passed every exercise of \(previous.id) (\(passed) of \(previous.exercises.count) so far)."
            + " Your workshop, '\(workshop.title)', sets this order. 'open \(previous.id)' to carry on there."
    }

    /// "12 min left" or "3 min over" for the open lesson's time box; nil without one.
    ///
    /// Counted from the lesson's first opening, so restarting the shell does not reset it.
    var timeBoxLabel: String? {
        guard let lesson = currentLesson, let box = workshop?.plan(for: lesson.id)?.timeBox,
              let opened = progress.lessonsFirstOpened?[lesson.id] else { return nil }
        let elapsed = dependencies.timeSource.now().timeIntervalSince(opened)
        let left = Double(box.components.seconds) - elapsed
        if left >= 0 {
            return "\(Int((left / 60).rounded(.up))) min left"
        }
        return "\(Int((-left / 60).rounded(.up))) min over"
    }
}
