import DojoCore
import DojoTestSupport
import Foundation
import Glibc
import Testing

/// The note a lock file holds about its holder, on a real file: a new note replaces the old
/// one whole, whatever their lengths, and only its first line is read back.
@Suite struct LockHolderNoteTests {
    @Test func aShorterNoteLeavesNothingOfALongerOne() throws {
        let folder = try TemporaryFolder("lock-note")
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("lock")
        let descriptor = open(file.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        try #require(descriptor >= 0)
        defer { close(descriptor) }

        LockHolderNote.write("a didojo shell, process 123456, started 2026-11-27 05:00 UTC", to: descriptor)
        #expect(LockHolderNote.read(from: descriptor) == "a didojo shell, process 123456, started 2026-11-27 05:00 UTC")
        LockHolderNote.write("didojo process 7", to: descriptor)
        #expect(try String(contentsOf: file, encoding: .utf8) == "didojo process 7\n")
        #expect(LockHolderNote.read(from: descriptor) == "didojo process 7")
        LockHolderNote.write("didojo process 8", to: descriptor)
        #expect(try String(contentsOf: file, encoding: .utf8) == "didojo process 8\n")
    }

    @Test func onlyTheFirstLineIsTheNoteAndAnEmptyFileHasNone() throws {
        let folder = try TemporaryFolder("lock-note")
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("lock")
        try Data("  didojo process 42 \nstarted 2026\n".utf8).write(to: file)
        let descriptor = open(file.path, O_RDWR | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        #expect(LockHolderNote.read(from: descriptor) == "didojo process 42")
        _ = ftruncate(descriptor, 0)
        #expect(LockHolderNote.read(from: descriptor) == nil)
    }
}
