import DojoWorkspace

/// The learner's progress: what it is now, and how it changes (saved at once, see
/// `ShellSession.updateProgress`).
@MainActor
protocol ProgressKeeping: AnyObject {
    var progress: LearnerProgress { get }
    var progressStore: ProgressStore { get }
    func updateProgress(_ change: (inout LearnerProgress) -> Void)
    /// Takes in what another didojo wrote to the progress file meanwhile.
    func refreshProgress()
}
