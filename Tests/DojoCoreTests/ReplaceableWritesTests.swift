import DojoCore
import DojoTestSupport
import Foundation
import Testing

/// `LocalFileSystem.writeReplaceable`, which the checker and its caches use for files they can
/// make again: on the real file system, it writes what it is given and nothing else, and fails
/// as `write` does.
@Suite struct ReplaceableWritesTests {
    let fileSystem = LocalFileSystem()

    @Test func itMakesTheFolderAndWritesTheBytes() throws {
        let folder = try TemporaryFolder("replaceable-new")
        let file = folder.url.appendingPathComponent("a/b/entry")
        let bytes = Data((0..<1000).map { UInt8(truncatingIfNeeded: $0 * 7) })
        try fileSystem.writeReplaceable(bytes, to: file)
        #expect(try Data(contentsOf: file) == bytes)
    }

    @Test func aLongerFileIsReplacedWhole() throws {
        let folder = try TemporaryFolder("replaceable-shorter")
        let file = folder.url.appendingPathComponent("entry")
        try fileSystem.writeReplaceable(Data(String(repeating: "long line\n", count: 50).utf8), to: file)
        try fileSystem.writeReplaceable(Data("short\n".utf8), to: file)
        #expect(try String(contentsOf: file, encoding: .utf8) == "short\n")
    }

    @Test func aPathThatCannotBeWrittenFailsNamingIt() throws {
        let folder = try TemporaryFolder("replaceable-blocked")
        let blocker = folder.url.appendingPathComponent("a-file")
        try Data("not a folder".utf8).write(to: blocker)
        let target = blocker.appendingPathComponent("entry")
        #expect {
            try fileSystem.writeReplaceable(Data("x".utf8), to: target)
        } throws: { error in
            "\(error)".contains(blocker.path)
        }
    }
}
