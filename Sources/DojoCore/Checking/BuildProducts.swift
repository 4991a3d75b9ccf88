import Foundation

/// Where SwiftPM put the compiled lesson modules that exercises are compiled against.
public struct BuildProducts: Sendable, Equatable {
    /// Holds `Domain.swiftmodule` and the lesson modules (passed to swiftc as `-I`).
    public let modulesFolder: URL
    /// Holds `libDIDojoLessons.so` (passed as `-L`, and as the run-time search path).
    public let libraryFolder: URL
    public static let libraryName = "DIDojoLessons"

    public init(modulesFolder: URL, libraryFolder: URL) {
        self.modulesFolder = modulesFolder
        self.libraryFolder = libraryFolder
    }

    /// The products next to the running executable (`.build/debug/didojo`), which is where
    /// `swift build` puts both. Newer SwiftPM keeps modules in `Modules/`; older ones, beside.
    public static func beside(executable: URL, fileSystem: any FileSystem) throws -> BuildProducts {
        let folder = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        let library = folder.appendingPathComponent("lib\(libraryName).so")
        guard fileSystem.fileExists(at: library) else {
            throw DojoError.buildProductsNotFound(folder: folder.path)
        }
        let modules = folder.appendingPathComponent("Modules")
        return BuildProducts(
            modulesFolder: fileSystem.directoryExists(at: modules) ? modules : folder,
            libraryFolder: folder
        )
    }
}
