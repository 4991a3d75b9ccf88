import DojoCatalog
import DojoTestSupport
import DojoWorkspace
import Foundation
import Testing

@Suite struct WorkspaceTests {
    let fileSystem = InMemoryFileSystem()
    let workspace: Workspace
    let exercise: Exercise

    init() throws {
        workspace = Workspace(root: URL(fileURLWithPath: "/ws"), fileSystem: fileSystem, timeSource: FixedTimeSource())
        try LessonFixture.arithmetic().write(into: URL(fileURLWithPath: "/lessons"), fileSystem: fileSystem)
        exercise = try #require(LessonCatalog.load(from: URL(fileURLWithPath: "/lessons"), fileSystem: fileSystem).exercise(id: "arithmetic.1"))
    }

    @Test func preparingCopiesEachStarterToTheLearnersFolderOnce() throws {
        #expect(try workspace.prepare(for: [exercise]) == true)
        let file = workspace.file(for: exercise)
        #expect(file.path == "/ws/arithmetic/1/Doubler.swift")
        #expect(try fileSystem.text(of: file).contains("TODO"))

        try fileSystem.write("my work", to: file)
        #expect(try workspace.prepare(for: [exercise]) == false)
        #expect(try fileSystem.text(of: file) == "my work")
    }

    @Test func resetKeepsTheLearnersFileAsABackupAndRestoresTheStarter() throws {
        try workspace.prepare(for: [exercise])
        try fileSystem.write("my work", to: workspace.file(for: exercise))
        let backup = try #require(try workspace.reset(exercise))
        #expect(backup.path == "/ws/.didojo/backups/arithmetic.1-20160618-000000-Doubler.swift")
        #expect(try fileSystem.text(of: backup) == "my work")
        #expect(try fileSystem.text(of: workspace.file(for: exercise)).contains("TODO"))
    }

    @Test func twoResetsInTheSameSecondKeepBothBackups() throws {
        try workspace.prepare(for: [exercise])
        try fileSystem.write("first", to: workspace.file(for: exercise))
        let first = try #require(try workspace.reset(exercise))
        try fileSystem.write("second", to: workspace.file(for: exercise))
        let second = try #require(try workspace.reset(exercise))
        #expect(first != second)
        #expect(try fileSystem.text(of: first) == "first")
        #expect(try fileSystem.text(of: second) == "second")
    }

    @Test func resetAllKeepsEveryFileAndTheProgressInOneBackupFolder() throws {
        try workspace.prepare(for: [exercise])
        try fileSystem.write("my work", to: workspace.file(for: exercise))
        try fileSystem.write("{}", to: workspace.progressFile)
        let backup = try #require(try workspace.resetAll([exercise], progressStore: ProgressStore(file: workspace.progressFile, fileSystem: fileSystem, timeSource: FixedTimeSource())))
        #expect(backup.path == "/ws/.didojo/backups/reset-all-20160618-000000")
        #expect(try fileSystem.text(of: backup.appendingPathComponent("arithmetic/1/Doubler.swift")) == "my work")
        #expect(try fileSystem.text(of: backup.appendingPathComponent("progress.json")) == "{}")
        #expect(try fileSystem.text(of: workspace.file(for: exercise)).contains("TODO"))
        #expect(!fileSystem.fileExists(at: workspace.progressFile))

        // A second start-over in the same second gets a folder of its own.
        try fileSystem.write("more work", to: workspace.file(for: exercise))
        let second = try #require(try workspace.resetAll([exercise], progressStore: ProgressStore(file: workspace.progressFile, fileSystem: fileSystem, timeSource: FixedTimeSource())))
        #expect(second.path == "/ws/.didojo/backups/reset-all-20160618-000000-2")
        #expect(try fileSystem.text(of: backup.appendingPathComponent("arithmetic/1/Doubler.swift")) == "my work")
    }
}
