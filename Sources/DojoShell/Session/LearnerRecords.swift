import DojoCore
import DojoWorkspace

/// Where the learner's work is kept: their workspace, their progress, the file system both
/// are on, and the time their records are stamped with.
@MainActor
package struct LearnerRecords {
    package var workspace: Workspace
    package var progressStore: ProgressStore
    package var fileSystem: any FileSystem
    package var timeSource: any TimeSource

    package init(workspace: Workspace, progressStore: ProgressStore, fileSystem: any FileSystem, timeSource: any TimeSource) {
        self.workspace = workspace
        self.progressStore = progressStore
        self.fileSystem = fileSystem
        self.timeSource = timeSource
    }
}
