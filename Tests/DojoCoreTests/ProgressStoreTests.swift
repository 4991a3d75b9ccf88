import DojoCore
import DojoTestSupport
import Foundation
import Testing

@Suite struct ProgressStoreTests {
    let fileSystem = InMemoryFileSystem()
    let file = URL(fileURLWithPath: "/ws/.didojo/progress.json")
    var store: ProgressStore { ProgressStore(file: file, fileSystem: fileSystem, timeSource: FixedTimeSource()) }

    @Test func noFileMeansAFreshStartWithoutAWarning() {
        let loaded = store.load()
        #expect(loaded.progress == LearnerProgress())
        #expect(loaded.warning == nil)
    }

    @Test func savedProgressComesBackTheSame() throws {
        var progress = LearnerProgress()
        progress.currentLessonID = "constructor"
        progress.currentPage = 2
        progress.update("constructor.2") {
            $0.attempts = 3
            $0.hintsShown = 1
            $0.passed = true
            $0.firstPassedAt = FixedTimeSource().now()
        }
        try store.save(progress)
        #expect(store.load().progress == progress)
    }

    @Test func aCorruptFileIsMovedAsideWithAMessageAndProgressStartsFresh() throws {
        try fileSystem.write("{ not json", to: file)
        let loaded = store.load()
        #expect(loaded.progress == LearnerProgress())
        let aside = "/ws/.didojo/progress.corrupt-20160618-000000.json"
        #expect(loaded.warning == "Your progress file could not be read, so DIDojo starts with fresh progress. The old file was kept as \(aside). Your exercise files are untouched.")
        #expect(fileSystem.fileExists(at: URL(fileURLWithPath: aside)))
        #expect(!fileSystem.fileExists(at: file))
    }

    @Test func statusFollowsAttemptsAndPassing() {
        var record = ExerciseProgress()
        #expect(record.status == .pending)
        record.attempts = 1
        #expect(record.status == .failed)
        record.passed = true
        #expect(record.status == .passed)
    }

    @Test func aProgressFileFromBeforeOpeningsWereRecordedStillLoads() throws {
        // Written by an older DIDojo: no firstOpenedAt.
        try fileSystem.write("""
        {"currentPage": 1, "exercises": {"no-di.1": {"attempts": 2, "hintsShown": 1, "passed": true,
          "firstPassedAt": "2016-06-18T00:00:00Z", "solutionSeen": false}}, "formatVersion": 1}
        """, to: file)
        let loaded = store.load()
        #expect(loaded.warning == nil)
        let record = loaded.progress.exercise("no-di.1")
        #expect(record.passed && record.attempts == 2 && record.firstOpenedAt == nil)
        #expect(record.firstPassedAt == FixedTimeSource().now())
    }
}
