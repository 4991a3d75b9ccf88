import Domain
import Foundation
import XCTest

/// The composition the checks mix into your service: a clock stopped at 2016-06-18 and a
/// logger that records, reading from a fresh folder.
final class CheckedReadFileService: ReadFileService {
    let clock: any Clock = try! FixedClock(day: "2016-06-18")
    let recorder = RecordingLogger()
    var logger: any Logger { recorder }
    let documentsFolder: URL

    init(documentsFolder: URL) {
        self.documentsFolder = documentsFolder
    }
}

final class MissingFileChecks: XCTestCase {
    /// A new folder holding `notes.txt` ("hello") and an empty `empty.txt`, removed afterwards.
    private func withService(_ body: (CheckedReadFileService, URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cake-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "hello".write(to: folder.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        try "".write(to: folder.appendingPathComponent("empty.txt"), atomically: true, encoding: .utf8)
        try body(CheckedReadFileService(documentsFolder: folder), folder)
    }

    /// The log lines as one short line, `<folder>` standing for the checks' temporary folder.
    private func describe(_ entries: [LogEntry], folder: URL) -> String {
        guard !entries.isEmpty else { return "(nothing logged)" }
        return entries.map { $0.description.replacingOccurrences(of: folder.path, with: "<folder>") }.joined(separator: " | ")
    }

    func testAMissingFileGivesNil() throws {
        try withService { service, _ in
            let result = service.readWithDate("missing.txt")
            if let result {
                XCTFail("readWithDate(\"missing.txt\") should return nil when there is no such file, but it returned a text \"\(result.text)\" read at \(result.readAt.utcStamp)")
            }
        }
    }

    /// What is wrong with `entries`, logged for the missing file at `path`, in the learner's terms.
    private func missingFileProblem(_ entries: [LogEntry], path: String) -> String {
        let info = LogEntry(level: .info, message: "reading \(path)")
        let errors = entries.filter { $0.level == .error }
        if entries.contains(where: { $0.level == .info && $0.message.hasPrefix("could not read") }) {
            return "The `could not read` line was logged at info level: it reports a failure, so log it with `logger.error(…)`."
        }
        if errors.isEmpty {
            return "A missing file gave no error line: nothing reached the mixed-in logger at error level. Log `could not read <full path>` with `logger.error(…)` (the mixed-in logger, not one you create) before returning nil."
        }
        if let error = errors.first, error.message != "could not read \(path)", error.message.hasPrefix("could not read") {
            return "The error line should name the same full path as the info line (`could not read \\(file.path)`), not just the file's name."
        }
        if entries.first != info {
            return "The info line `reading <full path>` must stay first, before the file is read, and the error line follow it."
        }
        return "For a missing file the logger should get the info line, then an error line: `could not read` and the same full path"
    }

    func testAMissingFileIsLoggedAsAnErrorAfterTheInfoLine() throws {
        try withService { service, folder in
            _ = service.readWithDate("missing.txt")
            let path = folder.appendingPathComponent("missing.txt").path
            let expected = [LogEntry(level: .info, message: "reading \(path)"), LogEntry(level: .error, message: "could not read \(path)")]
            XCTAssertEqual(
                describe(service.recorder.entries, folder: folder), describe(expected, folder: folder),
                missingFileProblem(service.recorder.entries, path: path)
            )
        }
    }

    func testAnExistingFileIsStillReadAtTheMixedInTime() throws {
        try withService { service, folder in
            let result = service.readWithDate("notes.txt")
            XCTAssertEqual(result?.text, "hello", "readWithDate(\"notes.txt\") should still return the file's contents")
            XCTAssertEqual(
                result?.readAt.utcStamp, "2016-06-18 00:00 UTC",
                "The time should come from the mixed-in `clock`, stopped at 2016-06-18, not from Date() or a clock of your own: ask `clock.now()`"
            )
            let expected = [LogEntry(level: .info, message: "reading \(folder.appendingPathComponent("notes.txt").path)")]
            XCTAssertEqual(
                describe(service.recorder.entries, folder: folder), describe(expected, folder: folder),
                "Reading a file that exists should log only the info line with its full path"
            )
        }
    }

    func testAnEmptyFileIsNotAMissingFile() throws {
        try withService { service, _ in
            let result = service.readWithDate("empty.txt")
            XCTAssertEqual(
                result?.text, "",
                "empty.txt exists and is empty: readWithDate should return its (empty) text, not nil. Decide by whether reading failed, not by the text."
            )
            XCTAssertEqual(
                service.recorder.messages(at: .error), [],
                "An empty file was read without trouble, so nothing should be logged as an error"
            )
        }
    }
}
