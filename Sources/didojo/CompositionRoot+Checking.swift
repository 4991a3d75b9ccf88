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
        if let wanted = try lessonsNeeded(forChecking: exerciseID, in: workspace) {
            let some = LessonCatalog.load(from: try lessonsFolder(), fileSystem: fileSystem, manifestCache: manifestCache, only: wanted)
            if some.exercise(id: exerciseID) != nil { return (some, false) }
        }
        return (try catalog(), true)
    }

    /// The ids of the exercise's lesson and the lesson after it, or nil when every lesson is needed.
    private func lessonsNeeded(forChecking exerciseID: String, in workspace: Workspace) throws -> Set<String>? {
        guard let dot = exerciseID.lastIndex(of: "."), try workshop() == nil,
              fileSystem.directoryExists(at: workspace.root), editorSupportFilesAreCurrent(in: workspace) else { return nil }
        let lessonID = String(exerciseID[..<dot])
        let ids = LessonCatalog.lessonIDs(in: try lessonsFolder(), fileSystem: fileSystem)
        guard let index = ids.firstIndex(of: lessonID) else { return nil }
        return Set(ids[index...].prefix(2))
    }
}
