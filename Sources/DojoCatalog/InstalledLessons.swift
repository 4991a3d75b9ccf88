import DojoCore
import Foundation

/// The Lessons folder of the checkout a program was built in: beside the Package.swift found
/// by walking up from the executable (`.build/<config>/didojo`). `didojo` and `didojo-class`
/// both look here when no folder is given.
package enum InstalledLessons {
    /// The running executable, through /proc so that it is right whatever the current folder.
    package static var runningExecutable: URL {
        let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: path).resolvingSymlinksInPath()
    }

    /// - Throws: `DojoError.lessonsFolderNotFound` when no folder above `executable` has both.
    package static func folder(above executable: URL, fileSystem: any FileSystem) throws -> URL {
        var folder = executable.deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("Lessons")
            if fileSystem.directoryExists(at: candidate), fileSystem.fileExists(at: folder.appendingPathComponent("Package.swift")) {
                return candidate
            }
            folder.deleteLastPathComponent()
        }
        throw DojoError.lessonsFolderNotFound(searchedFrom: executable.deletingLastPathComponent().path)
    }
}
