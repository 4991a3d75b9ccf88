import DojoCatalog
import DojoCore
import DojoGrading

/// What runs the checks: one as the learner asked for it (`check`, `watch`), or all of them
/// through the recorder (`report --verify`), and the last report, for `output`.
@MainActor
protocol CheckRunning: AnyObject {
    var lastCheck: (exercise: Exercise, report: CheckReport)? { get }
    /// The checker with the recording around it; why there is none.
    var recorder: Result<CheckRecorder, DojoError> { get }
    /// What the spinner waits on.
    var clock: any Clock<Duration> { get }
    /// Nil when the check could not start (the reason is printed).
    func runCheck(_ exercise: Exercise, fullOutput: Bool, watching: Bool) async -> CheckReport?
}
