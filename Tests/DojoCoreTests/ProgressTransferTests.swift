import DojoCatalog
import DojoTestSupport
import DojoWorkspace
import Foundation
import Testing

/// Moving a learner between machines: export, then import into another workspace.
@Suite struct ProgressTransferTests {
    let fileSystem = InMemoryFileSystem()
    let catalog: LessonCatalog
    let exportFile = URL(fileURLWithPath: "/usb/progress.json")

    init() throws {
        let lessons = URL(fileURLWithPath: "/lessons")
        try LessonFixture.arithmetic().write(into: lessons, fileSystem: fileSystem)
        try LessonFixture.testWriting().write(into: lessons, fileSystem: fileSystem)
        catalog = LessonCatalog.load(from: lessons, fileSystem: fileSystem)
    }

    func workspace(_ path: String) -> Workspace {
        Workspace(root: URL(fileURLWithPath: path), fileSystem: fileSystem, timeSource: FixedTimeSource())
    }

    func transfer(_ workspace: Workspace) -> ProgressTransfer {
        ProgressTransfer(records: LearnerRecords(workspace: workspace, progressStore: store(workspace), fileSystem: fileSystem, timeSource: FixedTimeSource()))
    }

    func store(_ workspace: Workspace) -> ProgressStore {
        ProgressStore(file: workspace.progressFile, fileSystem: fileSystem, timeSource: FixedTimeSource())
    }

    /// A learner at school: arithmetic.1 solved and passed.
    func schoolWorkspace() throws -> (Workspace, LearnerProgress) {
        let school = workspace("/school")
        try school.prepare(for: catalog.allExercises)
        try fileSystem.write("func double(_ value: Int) -> Int { value * 2 } // mine\n", to: school.file(for: catalog.allExercises[0]))
        var progress = LearnerProgress()
        progress.currentLessonID = "arithmetic"
        progress.update("arithmetic.1") {
            $0.passed = true
            $0.attempts = 2
            $0.firstOpenedAt = FixedTimeSource().now()
        }
        try store(school).update { $0 = progress }
        return (school, progress)
    }

    @Test func anExportImportedIntoAFreshWorkspaceBringsBackFilesAndProgress() throws {
        let (school, progress) = try schoolWorkspace()
        #expect(try transfer(school).export(catalog.allExercises, progress: progress, to: exportFile) == 2)

        let home = workspace("/home")
        let summary = try transfer(home).importBundle(from: exportFile, exercises: catalog.allExercises)
        #expect(summary.added == ["arithmetic/1/Doubler.swift", "testing/1/CounterTests.swift"])
        #expect(summary.replaced.isEmpty && summary.skipped.isEmpty && !summary.progressReplaced && summary.progressWritten)
        #expect(summary.backupFolder == nil)
        for exercise in catalog.allExercises {
            #expect(try fileSystem.contents(of: home.file(for: exercise)) == fileSystem.contents(of: school.file(for: exercise)))
        }
        #expect(try store(home).read().progress == progress)

        // Importing the same file again changes nothing and backs nothing up.
        let again = try transfer(home).importBundle(from: exportFile, exercises: catalog.allExercises)
        #expect(again.unchanged.count == 2 && again.added.isEmpty && again.replaced.isEmpty)
        #expect(!again.progressWritten && again.backupFolder == nil)
    }

    @Test func importingOverOtherWorkKeepsItInABackupFirst() throws {
        let (school, progress) = try schoolWorkspace()
        try transfer(school).export(catalog.allExercises, progress: progress, to: exportFile)

        let home = workspace("/home")
        try home.prepare(for: catalog.allExercises)
        let arithmetic = catalog.allExercises[0]
        try fileSystem.write("// work done at home\n", to: home.file(for: arithmetic))
        var homeProgress = LearnerProgress()
        homeProgress.update("testing.1") { $0.attempts = 7 }
        try store(home).update { $0 = homeProgress }

        let summary = try transfer(home).importBundle(from: exportFile, exercises: catalog.allExercises)
        #expect(summary.replaced == ["arithmetic/1/Doubler.swift"])
        #expect(summary.unchanged == ["testing/1/CounterTests.swift"])
        #expect(summary.progressReplaced)
        let backups = try #require(summary.backupFolder)
        #expect(backups.path == "/home/.didojo/backups/import-20160618-000000")
        #expect(try fileSystem.text(of: backups.appendingPathComponent("arithmetic/1/Doubler.swift")) == "// work done at home\n")
        let keptProgress = try JSONDecoder().decode(LearnerProgress.self, from: fileSystem.contents(of: backups.appendingPathComponent("progress.json")))
        #expect(keptProgress.exercise("testing.1").attempts == 7)
        #expect(try fileSystem.text(of: home.file(for: arithmetic)).contains("// mine"))
        #expect(try store(home).read().progress == progress)
    }

    @Test func aFileThatIsNotAnExportIsRejectedAndNothingChanges() throws {
        let home = workspace("/home")
        try home.prepare(for: catalog.allExercises)
        let before = fileSystem.allFiles
        let cases: [(String, ProgressTransferError)] = [
            ("{\"formatVersion\": 1, \"exercises\": {}}", .notAnExport(path: exportFile.path)),
            ("not json at all", .notAnExport(path: exportFile.path)),
            ("{\"format\": \"didojo-progress-export\", \"formatVersion\": 1, \"files\": 3}", .damaged(path: exportFile.path)),
            ("{\"format\": \"didojo-progress-export\", \"formatVersion\": 99}", .newerFormat(path: exportFile.path, version: 99)),
        ]
        for (text, expected) in cases {
            try fileSystem.write(text, to: exportFile)
            #expect(throws: expected) { try transfer(home).importBundle(from: exportFile, exercises: catalog.allExercises) }
        }
        #expect(fileSystem.allFiles.filter { $0 != exportFile.path } == before)
        #expect(ProgressTransferError.notAnExport(path: "/x.json").localizedDescription
            == "/x.json is not a DIDojo progress export. Make one with 'didojo progress export FILE' on the machine you worked on. Nothing was changed.")
    }

    @Test func aPathOutsideTheKnownExercisesIsNeverWritten() throws {
        let bundle = ProgressBundle(exportedAt: FixedTimeSource().now(), progress: LearnerProgress(), files: [
            .init(path: "../../etc/evil", contents: Data("x".utf8)),
            .init(path: "gone-lesson/1/Old.swift", contents: Data("y".utf8)),
        ])
        try fileSystem.write(try bundle.encoded(), to: exportFile)
        let summary = try transfer(workspace("/home")).importBundle(from: exportFile, exercises: catalog.allExercises)
        #expect(summary.skipped == ["../../etc/evil", "gone-lesson/1/Old.swift"])
        #expect(!fileSystem.allFiles.contains { $0.contains("evil") || $0.contains("Old.swift") })
    }
}
