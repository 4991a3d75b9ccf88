import DojoCore
import DojoTestSupport
import Foundation
import Glibc
import Testing

/// `LocalFileSystem.fileExists` and `directoryExists` on the real file system: links are
/// followed, a link to nothing is nothing, and a folder is never a file.
@Suite struct LocalFileSystemExistsTests {
    @Test func filesFoldersAndLinksAreToldApart() throws {
        let folder = try TemporaryFolder("exists")
        defer { folder.remove() }
        let fileSystem = LocalFileSystem()
        let file = folder.url.appendingPathComponent("starter.swift")
        let subfolder = folder.url.appendingPathComponent("support")
        try Data("let x = 1\n".utf8).write(to: file)
        try FileManager.default.createDirectory(at: subfolder, withIntermediateDirectories: false)
        let linkToFile = folder.url.appendingPathComponent("to-file")
        let linkToFolder = folder.url.appendingPathComponent("to-folder")
        let linkToNothing = folder.url.appendingPathComponent("to-nothing")
        try #require(symlink(file.path, linkToFile.path) == 0)
        try #require(symlink(subfolder.path, linkToFolder.path) == 0)
        try #require(symlink(folder.url.appendingPathComponent("gone").path, linkToNothing.path) == 0)
        let missing = folder.url.appendingPathComponent("missing.swift")

        #expect(fileSystem.fileExists(at: file) && !fileSystem.directoryExists(at: file))
        #expect(fileSystem.directoryExists(at: subfolder) && !fileSystem.fileExists(at: subfolder))
        #expect(fileSystem.fileExists(at: linkToFile) && !fileSystem.directoryExists(at: linkToFile))
        #expect(fileSystem.directoryExists(at: linkToFolder) && !fileSystem.fileExists(at: linkToFolder))
        #expect(!fileSystem.fileExists(at: linkToNothing) && !fileSystem.directoryExists(at: linkToNothing))
        #expect(!fileSystem.fileExists(at: missing) && !fileSystem.directoryExists(at: missing))
        // A path through a file is no path.
        #expect(!fileSystem.fileExists(at: file.appendingPathComponent("inside")))
    }
}
