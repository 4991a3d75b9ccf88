import DojoCore

/// Where the learner's work is kept: their workspace, their progress, the file system both
/// are on, and the time their records are stamped with. What the shell and `progress export`
/// and `import` (`ProgressTransfer`) are given of the learner's work.
package struct LearnerRecords: Sendable {
    package let workspace: Workspace
    package let progressStore: ProgressStore
    package let fileSystem: any FileSystem
    package let timeSource: any TimeSource

    package init(workspace: Workspace, progressStore: ProgressStore, fileSystem: any FileSystem, timeSource: any TimeSource) {
        self.workspace = workspace
        self.progressStore = progressStore
        self.fileSystem = fileSystem
        self.timeSource = timeSource
    }
}
