import Domain
import Foundation
import XCTest

/// The test composition: the same `ReadFileService`, with a clock stopped at 2016-06-18 and a
/// logger that records what it is told.
final class MixInReadFileServiceTest: ReadFileService {
    // TODO: mix in `clock` (a `FixedClock` stopped at 2016-06-18) and `logger` (a
    // `RecordingLogger` your tests can read back). Until both are here this file does not
    // compile: run `check` once anyway, and read what the compiler says.
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

        // TODO: assert the text, the time it was read (2016-06-18), and the exact log lines.
        _ = result
    }

    func testReadingAFileThatIsMissing() throws {
        let folder = try makeDocumentsFolder([:])
        let service = MixInReadFileServiceTest(documentsFolder: folder)

        let result = service.readWithDate("missing.txt")

        // TODO: assert that there is no result, and the exact log lines: which, in which order?
        _ = result
    }
}
