import Domain
import Foundation
import XCTest

/// A file store written for these checks: files in memory, and a note of every path it was
/// asked for, so a check can tell "never asked" from "asked for the wrong path".
final class RecordingFileStore: FileStore {
    private let files: [String: String]
    private(set) var pathsAsked: [String] = []

    init(files: [String: String]) {
        self.files = files
    }

    func text(atPath path: String) throws -> String {
        pathsAsked.append(path)
        guard let text = files[path] else { throw CocoaError(.fileReadNoSuchFile) }
        return text
    }
}

/// The composition the checks mix into your service: a stopped clock, a recording logger, and
/// files that exist only in memory, in a folder that does not exist on disk.
final class InMemoryReadFileService: ReadFileService {
    let clock: any Clock = try! FixedClock(day: "2016-06-18")
    let recorder = RecordingLogger()
    var logger: any Logger { recorder }
    let store: RecordingFileStore
    var fileStore: any FileStore { store }
    let documentsFolder = URL(fileURLWithPath: "/no-such-folder/Documents")

    init(files: [String: String]) {
        store = RecordingFileStore(files: files)
    }
}

final class FileStoreChecks: XCTestCase {
    func testFileStoreIsMixedInThroughUsesFileStore() {
        let service = InMemoryReadFileService(files: [:])
        XCTAssertTrue(
            (service as Any) is any UsesFileStore,
            "A ReadFileService should be a UsesFileStore: add `UsesFileStore` to the protocols ReadFileService inherits"
        )
    }

    func testTheServiceAsksTheMixedInStoreForTheFullPath() {
        let service = InMemoryReadFileService(files: ["/no-such-folder/Documents/notes.txt": "from memory"])
        _ = service.readWithDate("notes.txt")
        let asked = service.store.pathsAsked
        XCTAssertEqual(
            asked, ["/no-such-folder/Documents/notes.txt"],
            asked.isEmpty
                ? "readWithDate(\"notes.txt\") never asked the mixed-in fileStore: it still reads the disk directly, or through a DiskFileStore() it makes itself. Read through `fileStore.text(atPath:)`, so that whichever store is mixed in is used."
                : "readWithDate(\"notes.txt\") asked the mixed-in fileStore for \(asked). The store finds files by full path: ask it once for `documentsFolder.appendingPathComponent(fileName).path`."
        )
    }

    func testTheServiceReadsThroughTheMixedInStore() {
        let service = InMemoryReadFileService(files: ["/no-such-folder/Documents/notes.txt": "from memory"])
        let result = service.readWithDate("notes.txt")
        XCTAssertEqual(
            result?.text, "from memory",
            "With an in-memory store mixed in, readWithDate(\"notes.txt\") should return the text kept in memory; it returned \(result.map { "\"\($0.text)\"" } ?? "nil")."
                + (service.store.pathsAsked.isEmpty ? " Is it still reading the disk instead of `fileStore`?" : "")
        )
        XCTAssertEqual(result?.readAt.utcStamp, "2016-06-18 00:00 UTC", "The time should still come from the mixed-in clock")
        XCTAssertEqual(
            service.recorder.entries, [LogEntry(level: .info, message: "reading /no-such-folder/Documents/notes.txt")],
            "Reading a file the store has should log only the info line with its full path"
        )
    }

    func testAFileTheStoreDoesNotHaveIsStillReportedAsMissing() {
        let service = InMemoryReadFileService(files: [:])
        let result = service.readWithDate("missing.txt")
        XCTAssertNil(result, "A file the store does not have should give nil, not \(result.map { "a text \"\($0.text)\"" } ?? "")")
        XCTAssertEqual(
            service.recorder.entries,
            [
                LogEntry(level: .info, message: "reading /no-such-folder/Documents/missing.txt"),
                LogEntry(level: .error, message: "could not read /no-such-folder/Documents/missing.txt"),
            ],
            "A file the store does not have should be logged as read, then as an error, as before"
        )
    }

    func testTheLiveCompositionMixesInTheDisk() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cake-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "on disk".write(to: folder.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)

        let live = MixInReadFileService(documentsFolder: folder)
        let store = live.fileStore
        XCTAssertTrue(store is DiskFileStore, "MixInReadFileService should mix in `DiskFileStore()`, the real disk; it has a \(type(of: store))")
        XCTAssertEqual(live.readWithDate("notes.txt")?.text, "on disk", "The live composition should read real files from its documents folder")
    }
}
