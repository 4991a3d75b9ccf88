import DojoCatalog
import DojoWorkspace
import ExerciseChecking
import Foundation
import Glibc

extension CompositionRoot {
    /// Writes (or brings up to date) the file that lets an editor's language server compile
    /// the learner's exercise files (see `EditorSupportFiles`), from the compiler and the build
    /// products the checker uses.
    ///
    /// At a start where nothing has moved or been rebuilt, this is a few `stat`s and one small
    /// read: the build products are listed only when the file is written.
    ///
    /// Quietly does nothing when there is no compiler or build to point at, or the workspace
    /// cannot be written: the checker reports those problems in its own words when it is
    /// asked to check, and an editor without the file only loses its completion.
    func updateEditorSupportFiles(in workspace: Workspace, for exercises: [Exercise]) {
        guard let compiler = CompilingChecker.compiler(environment: environment, fileSystem: fileSystem),
              let stamp = editorSupportBuildStamp(compiler: compiler) else { return }
        _ = try? EditorSupportFiles(workspace: workspace, fileSystem: fileSystem).update(for: exercises, buildStamp: stamp) {
            EditorSupportFiles.BuildSettings(
                compiler: compiler, moduleFlags: try CompilingChecker.moduleFlags(beside: executable, fileSystem: fileSystem)
            )
        }
    }

    /// Whether the editor's file is there and written from this build (see `EditorSupportFiles.isCurrent`).
    func editorSupportFilesAreCurrent(in workspace: Workspace) -> Bool {
        guard let compiler = CompilingChecker.compiler(environment: environment, fileSystem: fileSystem),
              let stamp = editorSupportBuildStamp(compiler: compiler) else { return false }
        return EditorSupportFiles(workspace: workspace, fileSystem: fileSystem).isCurrent(buildStamp: stamp)
    }

    /// What the editor's file depends on besides the exercises: the compiler and the build.
    private func editorSupportBuildStamp(compiler: URL) -> String? {
        // The folder `BuildProducts.beside` lists: a build that adds, removes or replaces a
        // file in it changes its modification time.
        let buildFolder = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        // stat(2) itself: FileManager's attributes look the owner's name up too, which costs
        // start-up half a millisecond the first time.
        var info = stat()
        guard stat(buildFolder.path, &info) == 0 else { return nil }
        return "\(compiler.path)\n\(buildFolder.path)@\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }
}
