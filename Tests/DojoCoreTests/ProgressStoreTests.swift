import DojoCore
import DojoTestSupport
import DojoWorkspace
import Foundation
import Testing

@Suite struct ProgressStoreTests {
    let fileSystem = InMemoryFileSystem()
    let file = URL(fileURLWithPath: "/ws/.didojo/progress.json")
    var store: ProgressStore { ProgressStore(file: file, fileSystem: fileSystem, timeSource: FixedTimeSource()) }
    let aside = URL(fileURLWithPath: "/ws/.didojo/progress.corrupt-20160618-000000.json")

    @Test func noFileMeansAFreshStartWithoutAWarning() throws {
        let loaded = try store.read()
        #expect(loaded.progress == LearnerProgress())
        #expect(loaded.warning == nil)
    }

    @Test func savedProgressComesBackTheSame() throws {
        let saved = try store.update { progress in
            progress.currentLessonID = "constructor"
            progress.currentPage = 2
            progress.update("constructor.2") {
                $0.attempts = 3
                $0.hintsShown = 1
                $0.passed = true
                $0.firstPassedAt = FixedTimeSource().now()
            }
        }
        #expect(try store.read().progress == saved.progress)
        #expect(saved.progress.exercise("constructor.2").attempts == 3)
    }

    @Test func aChangeAppliesToWhatIsOnDiskNotToAnEarlierCopy() throws {
        // A shell loaded its copy, then another didojo recorded a pass.
        let shellsCopy = try store.read().progress
        try store.update { $0.update("no-di.1") { $0.passed = true } }
        // The shell's next change (a hint) keeps the pass it never saw.
        let after = try store.update { $0.update("no-di.2") { $0.hintsShown = 1 } }
        #expect(shellsCopy.exercise("no-di.1").passed == false)
        #expect(after.progress.exercise("no-di.1").passed)
        #expect(after.progress.exercise("no-di.2").hintsShown == 1)
    }

    @Test func aChangeThatChangesNothingWritesNothing() throws {
        try store.update { _ in }
        #expect(!fileSystem.fileExists(at: file))
    }

    @Test func readingAnUndecodableFileLeavesItWhereItIs() throws {
        try fileSystem.write("{ not json", to: file)
        let loaded = try store.read()
        #expect(loaded.progress == LearnerProgress())
        #expect(loaded.warning?.contains("It was left as it is") == true)
        #expect(fileSystem.fileExists(at: file), "a command that only shows progress never moves the file")
        #expect(!fileSystem.fileExists(at: aside))
    }

    @Test func aWriterMovesAnUndecodableFileAsideAndStartsFresh() throws {
        try fileSystem.write("{ not json", to: file)
        let saved = try store.update { $0.update("no-di.1") { $0.hintsShown = 1 } }
        #expect(saved.warning == "Your progress file could not be read, so DIDojo starts with fresh progress. The old file was kept as \(aside.path). Your exercise files are untouched.")
        #expect(try fileSystem.text(of: aside) == "{ not json")
        #expect(try store.read().progress.exercise("no-di.1").hintsShown == 1)
    }

    @Test func aFileFromANewerDIDojoIsNeitherReadNorOverwritten() throws {
        let next = ProgressStore.formatVersion + 1
        let newer = #"{"formatVersion": \#(next), "currentPage": 3, "exercises": {}, "badges": ["a new field"]}"#
        try fileSystem.write(newer, to: file)
        #expect(throws: ProgressError.newerFormat(path: file.path, version: next, known: ProgressStore.formatVersion)) { try store.read() }
        #expect(throws: ProgressError.newerFormat(path: file.path, version: next, known: ProgressStore.formatVersion)) {
            try store.update { $0.currentPage = 0 }
        }
        #expect(try fileSystem.text(of: file) == newer, "the newer file is left exactly as it was")
        let message = ProgressError.newerFormat(path: file.path, version: next, known: ProgressStore.formatVersion).localizedDescription
        #expect(message.contains("written by a newer DIDojo") && message.contains("git pull"))
    }

    @Test func aFolderWhereTheFileShouldBeIsReportedAndLeftAlone() throws {
        try fileSystem.createDirectory(at: file)
        #expect(throws: ProgressError.unreadable(path: file.path, reason: "a folder is in its place")) { try store.read() }
        #expect(throws: ProgressError.unreadable(path: file.path, reason: "a folder is in its place")) {
            try store.update { $0.currentPage = 1 }
        }
        #expect(fileSystem.directoryExists(at: file))
        #expect(!fileSystem.fileExists(at: aside), "an I/O problem is not corruption: nothing is moved aside")
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
        let loaded = try store.read()
        #expect(loaded.warning == nil)
        let record = loaded.progress.exercise("no-di.1")
        #expect(record.passed && record.attempts == 2 && record.firstOpenedAt == nil)
        #expect(record.firstPassedAt == FixedTimeSource().now())
    }
}
