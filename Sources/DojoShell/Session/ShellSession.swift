import DojoCore
import Foundation

/// The state of one learner's session: where they are and what they have done.
///
/// Every change of progress goes through `updateProgress`, which saves at once, so quitting
/// (or a crash, or a power cut) never loses more than the command being typed.
@MainActor
public final class ShellSession {
    public let dependencies: ShellDependencies
    public private(set) var progress: LearnerProgress
    let printer: Printer

    public init(dependencies: ShellDependencies, progress: LearnerProgress) {
        self.dependencies = dependencies
        self.progress = progress
        self.printer = Printer(terminal: dependencies.terminal)
    }

    public var catalog: LessonCatalog { dependencies.catalog }
    public var terminal: any Terminal { dependencies.terminal }
    public var workspace: Workspace { dependencies.workspace }

    public func updateProgress(_ change: (inout LearnerProgress) -> Void) {
        var updated = progress
        change(&updated)
        guard updated != progress else { return }
        progress = updated
        do {
            try dependencies.progressStore.save(progress)
        } catch {
            printer.warning("Could not save your progress to \(dependencies.progressStore.file.path): \(error.localizedDescription). Check that the folder is writable and the disk is not full; your exercise files are not affected.")
        }
    }

    // MARK: Where the learner is

    /// The open lesson, or nil before the first `open`/`read`.
    public var currentLesson: Lesson? {
        progress.currentLessonID.flatMap(catalog.lesson(id:))
    }

    /// The exercise commands act on when no id is given: the chosen one if it belongs to the
    /// open lesson, else the open lesson's first exercise not yet passed.
    public var currentExercise: Exercise? {
        if let id = progress.currentExerciseID, let exercise = catalog.exercise(id: id),
           exercise.lessonID == currentLesson?.id || currentLesson == nil {
            return exercise
        }
        guard let lesson = currentLesson else { return nil }
        return lesson.exercises.first { !progress.exercise($0.id).passed } ?? lesson.exercises.first
    }

    /// The prompt: `didojo no-di 2/5> ` while reading, `didojo no-di exercises> ` on the
    /// lesson's last screen, `didojo> ` before a lesson is open.
    /// In a workshop with a time box, the time left follows: `didojo no-di 2/5 · 12 min left> `.
    public var prompt: String {
        guard let lesson = currentLesson else { return "didojo> " }
        let place = progress.currentPage >= lesson.pages.count
            ? "exercises"
            : "\(progress.currentPage + 1)/\(lesson.pages.count)"
        let timeBox = timeBoxLabel.map { " · \($0)" } ?? ""
        return "didojo \(lesson.id) \(place)\(timeBox)> "
    }

    /// Resolves an exercise argument: a full id (`no-di.2`), a number in the open lesson
    /// (`2`), or nothing (the current exercise).
    public func exercise(named argument: String?) throws -> Exercise {
        guard let argument else {
            guard let exercise = currentExercise ?? catalog.allExercises.first else {
                throw DojoError.unknownExercise("(none)", suggestion: nil)
            }
            return exercise
        }
        if let exercise = catalog.exercise(id: argument) { return exercise }
        if let number = Int(argument), let lesson = currentLesson, lesson.exercises.indices.contains(number - 1) {
            return lesson.exercises[number - 1]
        }
        throw DojoError.unknownExercise(argument, suggestion: ClosestMatch.find(argument, among: catalog.allExercises.map(\.id)))
    }

    public func lesson(named argument: String) throws -> Lesson {
        if let lesson = catalog.lesson(id: argument) { return lesson }
        if let number = Int(argument), catalog.lessons.indices.contains(number - 1) {
            return catalog.lessons[number - 1]
        }
        throw DojoError.unknownLesson(argument, suggestion: ClosestMatch.find(argument, among: catalog.lessons.map(\.id)))
    }

    public func learnerFile(for exercise: Exercise) -> URL {
        workspace.file(for: exercise)
    }
}
