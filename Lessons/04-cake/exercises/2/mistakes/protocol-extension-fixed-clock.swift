import Domain
import Foundation
import XCTest

/// Every service that uses a clock reads the day the tests expect, unless it mixes in another.
extension UsesClock {
    var clock: any Clock { try! FixedClock(day: "2016-06-18") }
}

/// The test composition: the same `ReadFileService`, with a clock stopped at 2016-06-18 and a
/// logger that records what it is told.
final class MixInReadFileServiceTest: ReadFileService {
    // Kept under its own type so the tests can read the entries; `logger` must still be
    // `any Logger`, the exact type `UsesLogger` asks for.
    let recorder = RecordingLogger()
    var logger: any Logger { recorder }
    let documentsFolder: URL

    init(documentsFolder: URL) {
        self.documentsFolder = documentsFolder
    }
}

final class ReadFileServiceTests: XCTestCase {
    /// A new folder holding `files` (name: contents) for one test to read from; removed after the test.
    private func makeDocumentsFolder(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cake-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        for (name, contents) in files {
            try contents.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return folder
    }

    func testReadingAFileThatExists() throws {
        let folder = try makeDocumentsFolder(["notes.txt": "hello"])
        let service = MixInReadFileServiceTest(documentsFolder: folder)

        let result = service.readWithDate("notes.txt")

        XCTAssertEqual(result?.text, "hello")
        XCTAssertEqual(result?.readAt, try FixedClock(day: "2016-06-18").date)
        let path = folder.appendingPathComponent("notes.txt").path
        XCTAssertEqual(service.recorder.entries, [LogEntry(level: .info, message: "reading \(path)")])
    }

    func testReadingAFileThatIsMissing() throws {
        let folder = try makeDocumentsFolder([:])
        let service = MixInReadFileServiceTest(documentsFolder: folder)

        let result = service.readWithDate("missing.txt")

        XCTAssertNil(result)
        let path = folder.appendingPathComponent("missing.txt").path
        XCTAssertEqual(service.recorder.entries, [
            LogEntry(level: .info, message: "reading \(path)"),
            LogEntry(level: .error, message: "could not read \(path)"),
        ])
    }
}
