import DojoCatalog
import DojoWorkspace
import Foundation

extension CompositionRoot {
    /// The lessons `didojo check ID` needs, and whether they are all of them.
    ///
    /// A check from a script or an editor needs the exercise's lesson, and the id of the one
    /// after it for the "next" line of the report; loading every lesson (their manifests, pages
    /// and hundreds of files) was a tenth of the check. So only those two are loaded, when
    /// nothing else asks for the rest: no workshop in force (it orders and locks lessons, and
    /// names those it leaves out), a workspace that is already there (a new one gets every
    /// starter), and an editor's file written from this build (see `EditorSupportFiles`),
    /// which covers every exercise. Otherwise, and for an id no lesson has (whose message
    /// suggests the closest of all), every lesson is loaded, as any other command does.
    func catalog(forChecking exerciseID: String, in workspace: Workspace) throws -> (catalog: LessonCatalog, isWhole: Bool) {
        if let dot = exerciseID.lastIndex(of: "."), try canLoadOnlyWhatAChecksNeeds(in: workspace) {
            let lessonID = String(exerciseID[..<dot])
            let some = LessonCatalog.load(from: try lessonsFolder(), fileSystem: fileSystem, manifestCache: manifestCache) { ids in
                // The exercise's lesson and the one after it (none when no lesson has that id).
                ids.firstIndex(of: lessonID).map { Set(ids[$0...].prefix(2)) } ?? []
            }
            if some.exercise(id: exerciseID) != nil { return (some, false) }
        }
        return (try catalog(), true)
    }

    /// Whether the exercise's lesson and the next one are enough, rather than every lesson.
    private func canLoadOnlyWhatAChecksNeeds(in workspace: Workspace) throws -> Bool {
        try workshop() == nil && fileSystem.directoryExists(at: workspace.root) && editorSupportFilesAreCurrent(in: workspace)
    }
}
