import DojoCore
import DojoTestSupport
import DojoWorkspace
import Foundation
import Glibc
import Testing

/// What holds a secret is the learner's alone, whatever the umask: the workspace's state folder
/// (0700) and the class membership with its token (0600), on the real file system.
@Suite(.serialized) struct PrivateFilesTests {
    /// The mode bits of `url` (permissions only).
    private func mode(_ url: URL) throws -> mode_t {
        var info = stat()
        guard stat(url.path, &info) == 0 else { throw POSIXError(.ENOENT) }
        return info.st_mode & 0o777
    }

    /// Runs `body` under the usual umask (022: new files readable by everyone).
    private func underUsualUmask(_ body: () throws -> Void) rethrows {
        let previous = umask(0o022)
        defer { umask(previous) }
        try body()
    }

    @Test func theStateFolderIsTheLearnersAlone() throws {
        let folder = try TemporaryFolder("private-state")
        try underUsualUmask {
            let workspace = Workspace(root: folder.url.appendingPathComponent("ws"), fileSystem: LocalFileSystem(), timeSource: FixedTimeSource())
            try workspace.prepare(for: [])
            #expect(try mode(workspace.stateFolder) == 0o700)
        }
    }

    @Test func aStateFolderMadeBeforeIsMadePrivate() throws {
        let folder = try TemporaryFolder("private-old-state")
        try underUsualUmask {
            let workspace = Workspace(root: folder.url.appendingPathComponent("ws"), fileSystem: LocalFileSystem(), timeSource: FixedTimeSource())
            try FileManager.default.createDirectory(at: workspace.stateFolder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
            #expect(try mode(workspace.stateFolder) == 0o755)
            try workspace.prepare(for: [])
            #expect(try mode(workspace.stateFolder) == 0o700)
        }
    }

    @Test func theClassTokenIsReadableByTheLearnerOnly() throws {
        let folder = try TemporaryFolder("private-token")
        try underUsualUmask {
            let outbox = ClassOutbox(stateFolder: folder.url.appendingPathComponent("ws/.didojo"), fileSystem: LocalFileSystem())
            try outbox.saveMembership(FakeClassroom.member())
            #expect(try mode(outbox.membershipFile) == 0o600)
            #expect(try mode(outbox.stateFolder) == 0o700)
            // Written again (an unlock noted), it stays private.
            try outbox.noteUnlocked(["setter"])
            #expect(try mode(outbox.membershipFile) == 0o600)
            #expect(outbox.membership()?.unlockedLessons == ["setter"])
        }
    }

    @Test func aPrivateWriteLeavesNoTemporaryFileBehind() throws {
        let folder = try TemporaryFolder("private-write")
        let file = folder.url.appendingPathComponent("secret.json")
        try LocalFileSystem().writePrivately(Data("one".utf8), to: file)
        try LocalFileSystem().writePrivately(Data("two".utf8), to: file)
        #expect(try String(contentsOf: file, encoding: .utf8) == "two")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["secret.json"])
    }
}
