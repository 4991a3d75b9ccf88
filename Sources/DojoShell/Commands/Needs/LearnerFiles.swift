import DojoCatalog
import DojoCore
import DojoWorkspace
import Foundation

/// The learner's files: their workspace, and the file system it is on.
@MainActor
protocol LearnerFiles: AnyObject {
    var workspace: Workspace { get }
    var fileSystem: any FileSystem { get }
    func learnerFile(for exercise: Exercise) -> URL
    /// Copies the starter back (and says so) when the learner's file was deleted.
    func ensureLearnerFile(for exercise: Exercise) throws
}
