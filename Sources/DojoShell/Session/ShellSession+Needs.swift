import DojoCatalog
import DojoCore
import DojoGrading
import DojoWorkspace

/// The session is what every command's needs are met by; each command sees only the part it
/// declares (its `Context`), and `CommandRegistry` is where the session is narrowed to it.
extension ShellSession: CommandScreen, CourseReading, LearnerMoving, ProgressKeeping, LearnerFiles, CheckRunning,
    ClassroomReaching, TimeTelling, ProgramStarting, PagerSwitch {
    var interrupts: any InterruptSource { dependencies.console.interrupts }
    var wiringVocabularies: LessonVocabularies { dependencies.course.wiringVocabularies }
    var progressStore: ProgressStore { dependencies.records.progressStore }
    var fileSystem: any FileSystem { dependencies.records.fileSystem }
    var recorder: Result<CheckRecorder, DojoError> { dependencies.recorder }
    var clock: any Clock<Duration> { dependencies.console.clock }
    var classroom: any Classroom { dependencies.classroom }
    var timeSource: any TimeSource { dependencies.records.timeSource }
    var programs: ShellPrograms { dependencies.programs }
    var pagerIsAvailable: Bool { dependencies.console.pager.isAvailable }
}
