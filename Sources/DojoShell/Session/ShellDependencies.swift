import DojoCatalog
import DojoCore
import DojoGrading
import DojoWorkspace
import Foundation

/// Everything the shell needs from the outside world, assembled once at the composition root
/// (the `didojo` executable) and replaced by fakes in tests, grouped by concern: the person
/// at the keyboard, the programs the shell starts, the course, the learner's records, the
/// live class and the checker.
@MainActor
package struct ShellDependencies {
    package var console: ShellConsole
    package var programs: ShellPrograms
    package var course: ShellCourse
    package var records: LearnerRecords
    /// The live class this workspace joined, if any: where the learner's events go.
    package var classroom: any Classroom
    /// A failure when the checker cannot work (no compiler, lesson modules not built); `check`
    /// then explains why instead of failing obscurely. Found the first time it is asked for,
    /// not at start-up: finding it lists the build folder and searches for the compiler.
    package var checker: Result<any ExerciseChecker, DojoError> { lazyChecker.value }
    private let lazyChecker: LazyValue<Result<any ExerciseChecker, DojoError>>

    package init(
        console: ShellConsole, programs: ShellPrograms, course: ShellCourse, records: LearnerRecords,
        classroom: any Classroom = NoClassroom(), checker: @autoclosure @escaping () -> Result<any ExerciseChecker, DojoError>
    ) {
        self.console = console
        self.programs = programs
        self.course = course
        self.records = records
        self.classroom = classroom
        self.lazyChecker = LazyValue(checker)
    }

    /// The checker with the recording around it, as every check of the shell runs: the live
    /// class hears of every check recorded.
    package var recorder: Result<CheckRecorder, DojoError> {
        checker.map { CheckRecorder(checker: $0, store: records.progressStore, timeSource: records.timeSource, observers: [classroom]) }
    }
}
