import DojoCatalog
import DojoCore
import DojoGrading
import DojoWorkspace
import Foundation

/// Everything the shell needs from the outside world, assembled once at the composition root
/// (the `didojo` executable) and replaced by fakes in tests.
@MainActor
package struct ShellDependencies {
    package var terminal: any Terminal
    package var interrupts: any InterruptSource
    package var editor: any EditorLauncher
    package var fileWatcher: any FileWatcher
    package var fileSystem: any FileSystem
    package var timeSource: any TimeSource
    package var catalog: LessonCatalog
    package var workspace: Workspace
    package var progressStore: ProgressStore
    /// A failure when the checker cannot work (no compiler, lesson modules not built); `check`
    /// then explains why instead of failing obscurely. Found the first time it is asked for,
    /// not at start-up: finding it lists the build folder and searches for the compiler.
    package var checker: Result<any ExerciseChecker, DojoError> { lazyChecker.value }
    private let lazyChecker: LazyValue<Result<any ExerciseChecker, DojoError>>
    /// What waits: the spinner between frames, `watch` before it checks a saved file.
    /// Injected so that tests let time pass without waiting.
    package var clock: any Clock<Duration>
    /// Hear of every check recorded (besides the classroom, which always does).
    package var checkObservers: [any CheckObserver]
    /// Starts the lessons' example programs for `run`, and says what options they take.
    package var demos: any DemoLaunching
    /// The instructor's workshop file, when the learner is in one: locks, time boxes and the
    /// solution policy. The catalog is already cut down to its lessons.
    package var workshop: Workshop?
    /// The live class this workspace joined, if any: where the learner's events go.
    package var classroom: any Classroom
    /// What `graph` tells the wiring analysis about each lesson's modules (see `LessonVocabularies`).
    package var wiringVocabularies: LessonVocabularies
    /// Shows text taller than the screen a screenful at a time (see `ShellSession.paged`).
    package var pager: any Pager

    /// - Parameter wiringVocabularies: nil learns from the `Sources` folder beside the lessons'
    ///   folder, keeping what it learns in this process only.
    package init(
        terminal: any Terminal, interrupts: any InterruptSource, editor: any EditorLauncher, fileWatcher: any FileWatcher,
        fileSystem: any FileSystem, timeSource: any TimeSource, catalog: LessonCatalog, workspace: Workspace,
        progressStore: ProgressStore, checker: @autoclosure @escaping () -> Result<any ExerciseChecker, DojoError>, demos: any DemoLaunching,
        workshop: Workshop? = nil, clock: any Clock<Duration>, checkObservers: [any CheckObserver] = [],
        wiringVocabularies: LessonVocabularies? = nil, classroom: any Classroom = NoClassroom(), pager: any Pager = NoPager()
    ) {
        self.terminal = terminal
        self.interrupts = interrupts
        self.editor = editor
        self.fileWatcher = fileWatcher
        self.fileSystem = fileSystem
        self.timeSource = timeSource
        self.catalog = catalog
        self.workspace = workspace
        self.progressStore = progressStore
        self.lazyChecker = LazyValue(checker)
        self.demos = demos
        self.workshop = workshop
        self.clock = clock
        self.checkObservers = checkObservers
        self.classroom = classroom
        self.pager = pager
        let lessonsFolder = catalog.lessons.first?.folder.deletingLastPathComponent() ?? workspace.root
        self.wiringVocabularies = wiringVocabularies
            ?? LessonVocabularies(sourcesFolder: LessonVocabularies.sourcesFolder(besideLessons: lessonsFolder), fileSystem: fileSystem, cache: nil)
    }

    /// The checker with the recording around it, as every check of the shell runs.
    package var recorder: Result<CheckRecorder, DojoError> {
        checker.map { CheckRecorder(checker: $0, store: progressStore, timeSource: timeSource, observers: checkObservers + [classroom]) }
    }
}
