import DojoCatalog
import DojoCore
import DojoGrading
import DojoWorkspace
import Foundation

/// The state of one learner's session: where they are and what they have done.
///
/// Every change of progress goes through `updateProgress`, which saves at once, so quitting
/// (or a crash, or a power cut) never loses more than the command being typed. The change is
/// applied to the progress on disk, not to this session's copy (see `ProgressStore`): another
/// didojo on the same workspace (`verify`, `reset --all`, `progress import`, `didojo check`)
/// is never undone by this one, and `refreshProgress` picks up what it did.
@MainActor
package final class ShellSession {
    package let dependencies: ShellDependencies
    package private(set) var progress: LearnerProgress
    /// Where commands write; the terminal's, or a collector while `paged` measures the text.
    var printer: Printer
    /// The last check run in this session, for `output`.
    var lastCheck: (exercise: Exercise, report: CheckReport)?
    /// Whether long text goes through the pager (`pager on|off`, `--no-pager`).
    package var pagerEnabled = true

    /// When the progress file was last read or written by this session, to know whether
    /// someone else has changed it since.
    private var progressFileDate: Date?

    package init(dependencies: ShellDependencies, progress: LearnerProgress) {
        self.dependencies = dependencies
        self.progress = progress
        self.printer = Printer(terminal: dependencies.console.terminal)
        progressFileDate = dependencies.records.fileSystem.modificationDate(of: dependencies.records.progressStore.file)
    }

    package var catalog: LessonCatalog { dependencies.course.catalog }
    package var terminal: any Terminal { dependencies.console.terminal }
    package var workspace: Workspace { dependencies.records.workspace }

    package func updateProgress(_ change: (inout LearnerProgress) -> Void) {
        do {
            let saved = try dependencies.records.progressStore.update(change)
            adopt(saved.progress)
            if let warning = saved.warning { printer.warning(warning) }
        } catch {
            // Still shown as changed for the rest of the session; saved by the next change
            // that succeeds, since every change starts again from what is on disk.
            change(&progress)
            printer.warning(error.localizedDescription)
        }
    }

    /// Takes in what another didojo wrote to the progress file since this session last read
    /// or wrote it. Cheap when nothing changed (one `stat`): run before every command.
    package func refreshProgress() {
        let store = dependencies.records.progressStore
        let date = dependencies.records.fileSystem.modificationDate(of: store.file)
        guard date != progressFileDate else { return }
        guard let loaded = try? store.read() else { return }
        adopt(loaded.progress)
    }

    /// Makes `saved` the session's progress, as just read from or written to disk.
    func adopt(_ saved: LearnerProgress) {
        progress = saved
        progressFileDate = dependencies.records.fileSystem.modificationDate(of: dependencies.records.progressStore.file)
    }

    // MARK: Where the learner is

    /// The open lesson, or nil before the first `open`/`read`.
    package var currentLesson: Lesson? {
        progress.currentLessonID.flatMap(catalog.lesson(id:))
    }

    /// The exercise commands act on when no id is given: the chosen one if it belongs to the
    /// open lesson, else the open lesson's first exercise not yet passed.
    package var currentExercise: Exercise? {
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
    package var prompt: String {
        guard let lesson = currentLesson else { return "didojo> " }
        let place = progress.currentPage >= lesson.pages.count
            ? "exercises"
            : "\(progress.currentPage + 1)/\(lesson.pages.count)"
        let timeBox = timeBoxLabel.map { " · \($0)" } ?? ""
        return "didojo \(lesson.id) \(place)\(timeBox)> "
    }

    /// Resolves an exercise argument: a full id (`no-di.2`), a number in the open lesson
    /// (`2`), or nothing (the current exercise).
    package func exercise(named argument: String?) throws -> Exercise {
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

    package func lesson(named argument: String) throws -> Lesson {
        if let lesson = catalog.lesson(id: argument) { return lesson }
        if let number = Int(argument), catalog.lessons.indices.contains(number - 1) {
            return catalog.lessons[number - 1]
        }
        throw DojoError.unknownLesson(argument, suggestion: ClosestMatch.find(argument, among: catalog.lessons.map(\.id)))
    }

    package func learnerFile(for exercise: Exercise) -> URL {
        workspace.file(for: exercise)
    }
}
