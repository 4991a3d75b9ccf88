import DojoTestSupport
import Foundation
import Testing

/// The suite's temporary files stay in one folder per test process, removed at its exit
/// (see `TestRunFolder`).
struct TestRunFolderTests {
    @Test func temporaryFoldersAreMadeInTheFolderOfThisTestProcess() throws {
        let folder = try TemporaryFolder("run-folder")
        defer { folder.remove() }
        #expect(folder.url.deletingLastPathComponent().standardizedFileURL.path == TestRunFolder.url.standardizedFileURL.path)
        #expect(TestRunFolder.url.lastPathComponent.hasPrefix("didojo-tests-\(getpid())-"))
        #expect(TestRunFolder.url.deletingLastPathComponent().standardizedFileURL.path
            == FileManager.default.temporaryDirectory.standardizedFileURL.path)
    }

    /// A test that writes under the system's temporary directory itself leaves what it wrote
    /// there for good. Exempt: the checker's caches the tests share between runs on purpose
    /// (`RealChecker`), PostgreSQL's folder (its socket's path must stay under 108 bytes, and
    /// the server removes it), and the fault-injection fixtures (a learner's code).
    @Test func noTestWritesUnderTheTemporaryDirectoryItself() throws {
        let files = try TestSources.files()
        #expect(files.count > 100, "the tests' sources were not found beside \(#filePath)")
        let exempt: Set = ["TestRunFolder.swift", "RealChecker.swift", "PostgresServer.swift", "TestRunFolderTests.swift"]
        let offenders = try TestSources.offenders(among: files, exempt: exempt) { line in
            line.contains("temporaryDirectory") || line.contains("NSTemporaryDirectory()")
        }
        #expect(offenders.isEmpty, "make temporary files in TestRunFolder.url or a TemporaryFolder: \(offenders.map { $0.lastPathComponent })")
    }
}
