import Foundation
import Testing
@testable import LineEditing
import DojoTestSupport

@Suite("History file")
struct HistoryFileTests {
    /// A fresh folder per test, so tests running in parallel never share files.
    let folder = TestRunFolder.url
        .appendingPathComponent("didojo-history-tests-\(UUID().uuidString)", isDirectory: true)

    var url: URL { folder.appendingPathComponent("state/didojo/history") }

    @Test("Saved entries load back in the same order")
    func roundTrip() throws {
        let file = HistoryFile(url: url)
        try file.save(["help", "status --format json", "quit"])
        #expect(file.load() == ["help", "status --format json", "quit"])
    }

    @Test("Only the newest maxEntries entries are kept")
    func boundedLength() throws {
        let file = HistoryFile(url: url, maxEntries: 3)
        try file.save((1...10).map { "command \($0)" })
        #expect(file.load() == ["command 8", "command 9", "command 10"])
        let raw = try String(contentsOf: url, encoding: .utf8)
        #expect(raw.split(separator: "\n").count == 3)
    }

    @Test("Repeated consecutive entries and blank entries are dropped")
    func noConsecutiveDuplicates() throws {
        let file = HistoryFile(url: url)
        try file.save(["a", "a", "b", "  ", "", "b", "a", "a"])
        #expect(file.load() == ["a", "b", "a"])
    }

    @Test("The file is private to the user and its folder is created with mode 0700")
    func permissions() throws {
        try HistoryFile(url: url).save(["secret"])
        let fileMode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        let folderMode = try FileManager.default
            .attributesOfItem(atPath: url.deletingLastPathComponent().path)[.posixPermissions] as? Int
        #expect(fileMode == 0o600)
        #expect(folderMode == 0o700)
    }

    @Test("Saving replaces the file and leaves no temporary files behind")
    func atomicReplace() throws {
        let file = HistoryFile(url: url)
        try file.save(["one"])
        try file.save(["two"])
        #expect(file.load() == ["two"])
        let names = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
        #expect(names == ["history"])
    }

    @Test("Backslashes and newlines inside entries survive a round trip, one entry per line")
    func escaping() throws {
        let file = HistoryFile(url: url)
        let entries = ["echo \\n is not a newline", "two\nlines", "ends with \\", "\\\\"]
        try file.save(entries)
        #expect(file.load() == entries)
        let raw = try String(contentsOf: url, encoding: .utf8)
        #expect(raw.split(separator: "\n").count == entries.count)
        #expect(raw.contains("two\\nlines"))
    }

    @Test("A missing file gives an empty history")
    func missingFile() {
        #expect(HistoryFile(url: url).load() == [])
    }

    @Test("A file with invalid UTF-8 and odd escapes loads without crashing")
    func corruptFile() throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        var bytes = Array("good\n".utf8)
        bytes += [0xFF, 0xFE, 0x41, 0x0A]           // invalid UTF-8, then "A"
        bytes += Array("trailing backslash \\".utf8)  // no newline at the end
        try Data(bytes).write(to: url)
        let entries = HistoryFile(url: url).load()
        #expect(entries.count == 3)
        #expect(entries.first == "good")
        #expect(entries[1].hasSuffix("A"))
        #expect(entries[1].contains("\u{FFFD}"))
        #expect(entries[2] == "trailing backslash \\")
    }

    @Test("A folder in place of the file loads as empty and saving it throws")
    func folderInsteadOfFile() throws {
        try FileManager.default.createDirectory(at: url.appendingPathComponent("sub"), withIntermediateDirectories: true)
        let file = HistoryFile(url: url)
        #expect(file.load() == [])
        #expect(throws: (any Error).self) { try file.save(["x"]) }
    }

    @Test("The default location follows XDG_STATE_HOME, else HOME")
    func defaultLocation() {
        let xdg = HistoryFile.defaultURL(environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/home/u"])
        #expect(xdg.path == "/x/state/didojo/history")
        let home = HistoryFile.defaultURL(environment: ["HOME": "/home/u"])
        #expect(home.path == "/home/u/.local/state/didojo/history")
        let relative = HistoryFile.defaultURL(environment: ["XDG_STATE_HOME": "state", "HOME": "/home/u"])
        #expect(relative.path == "/home/u/.local/state/didojo/history")
    }
}
