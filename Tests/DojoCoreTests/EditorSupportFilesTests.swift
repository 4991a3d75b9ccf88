import DojoCatalog
import DojoTestSupport
import DojoWorkspace
import Foundation
import Testing

/// The compilation database for editors: what it says, and when it is written again. That
/// sourcekit-lsp really reads it is in EndToEndTests' EditorSupportTests.
struct EditorSupportFilesTests {
    let fileSystem = InMemoryFileSystem()
    let workspace: Workspace
    let lessons = URL(fileURLWithPath: "/repo/Lessons")
    let implement: Exercise
    let testWriting: Exercise
    let settings = EditorSupportFiles.BuildSettings(
        compiler: URL(fileURLWithPath: "/opt/swift/usr/bin/swiftc"),
        moduleFlags: ["-I", "/repo/.build/debug/Modules", "-load-plugin-executable", "/repo/.build/debug/P-tool#P"]
    )

    init() {
        workspace = Workspace(root: URL(fileURLWithPath: "/home/ann/didojo-workspace"), fileSystem: fileSystem, timeSource: FixedTimeSource())
        let folder = lessons.appendingPathComponent("04-cake/exercises")
        func file(_ path: String) -> URL { folder.appendingPathComponent(path) }
        implement = Exercise(
            lessonID: "cake", number: 3, title: "Mix in", task: "", hints: [], fileName: "ReadFileService.swift",
            starter: file("3/starter.swift"), solution: file("3/solution.swift"), checks: file("3/Checks.swift"),
            support: [file("3/support/FileStore.swift")]
        )
        testWriting = Exercise(
            lessonID: "cake", number: 2, title: "Test it", task: "", hints: [], fileName: "ReadFileServiceTests.swift",
            starter: file("2/starter.swift"), solution: file("2/solution.swift"), checks: file("2/Checks.swift"),
            support: [], kind: .test, subject: [file("2/subject/ReadFileService.swift")], hasChecks: false
        )
    }

    var files: EditorSupportFiles { EditorSupportFiles(workspace: workspace, fileSystem: fileSystem) }

    struct Entry: Decodable, Equatable {
        let directory: String
        let file: String
        let arguments: [String]
    }

    func entries() throws -> [Entry] {
        try JSONDecoder().decode([Entry].self, from: try fileSystem.contents(of: files.compilationDatabase))
    }

    @Test func eachExerciseFileIsCompiledWithTheFilesTheCheckerCompilesItWith() throws {
        try files.update(for: [implement, testWriting], buildStamp: "build 1") { settings }

        let learner = "/home/ann/didojo-workspace/cake/3/ReadFileService.swift"
        let support = "/repo/Lessons/04-cake/exercises/3/support/FileStore.swift"
        let tests = "/home/ann/didojo-workspace/cake/2/ReadFileServiceTests.swift"
        let subject = "/repo/Lessons/04-cake/exercises/2/subject/ReadFileService.swift"
        let module = [
            "/opt/swift/usr/bin/swiftc", "-module-name", "Exercise", "-swift-version", "5", "-parse-as-library",
            "-I", "/repo/.build/debug/Modules", "-load-plugin-executable", "/repo/.build/debug/P-tool#P",
        ]
        #expect(try entries() == [
            Entry(directory: workspace.root.path, file: learner, arguments: module + [learner, support]),
            Entry(directory: workspace.root.path, file: support, arguments: module + [learner, support]),
            Entry(directory: workspace.root.path, file: tests, arguments: module + [tests, subject]),
            Entry(directory: workspace.root.path, file: subject, arguments: module + [tests, subject]),
        ])
    }

    @Test func whileNothingHasMovedTheBuildIsNotEvenAskedAbout() throws {
        #expect(try files.update(for: [implement], buildStamp: "build 1") { settings } == true)
        let written = try fileSystem.contents(of: files.compilationDatabase)

        var asked = false
        #expect(try files.update(for: [implement], buildStamp: "build 1") { asked = true; return settings } == false)
        #expect(!asked)
        #expect(try fileSystem.contents(of: files.compilationDatabase) == written)
    }

    @Test func aMovedOrRebuiltCheckoutIsWrittenAgain() throws {
        try files.update(for: [implement], buildStamp: "/repo/.build/debug@1") { settings }

        let moved = EditorSupportFiles.BuildSettings(compiler: settings.compiler, moduleFlags: ["-I", "/moved/.build/debug/Modules"])
        #expect(try files.update(for: [implement], buildStamp: "/moved/.build/debug@1") { moved } == true)
        #expect(try entries().allSatisfy { $0.arguments.contains("/moved/.build/debug/Modules") })
    }

    @Test func newExercisesAndADeletedDatabaseAreWrittenAgain() throws {
        try files.update(for: [implement], buildStamp: "build 1") { settings }
        #expect(try files.update(for: [implement, testWriting], buildStamp: "build 1") { settings } == true)
        #expect(try entries().count == 4)

        try fileSystem.removeItem(at: files.compilationDatabase)
        #expect(try files.update(for: [implement, testWriting], buildStamp: "build 1") { settings } == true)
        #expect(try entries().count == 4)
    }

    @Test func itIsCurrentForTheBuildAndWorkspaceItWasWrittenFromWhateverExercisesItCovers() throws {
        #expect(!files.isCurrent(buildStamp: "/opt/swift/usr/bin/swiftc\n/repo/.build/debug@1"))
        try files.update(for: [implement, testWriting], buildStamp: "/opt/swift/usr/bin/swiftc\n/repo/.build/debug@1") { settings }
        #expect(files.isCurrent(buildStamp: "/opt/swift/usr/bin/swiftc\n/repo/.build/debug@1"))
        // Another build, one whose stamp only begins like it, or a longer one.
        #expect(!files.isCurrent(buildStamp: "/opt/swift/usr/bin/swiftc\n/repo/.build/debug@2"))
        #expect(!files.isCurrent(buildStamp: "/opt/swift/usr/bin/swiftc\n/repo/.build/debug@"))
        #expect(!files.isCurrent(buildStamp: "/opt/swift/usr/bin/swiftc\n/repo/.build/debug@1" + String(repeating: "0", count: 5000)))
        // The same files seen from another workspace.
        let elsewhere = EditorSupportFiles(
            workspace: Workspace(root: URL(fileURLWithPath: "/home/bob/didojo-workspace"), fileSystem: fileSystem, timeSource: FixedTimeSource()),
            fileSystem: fileSystem)
        try fileSystem.write(try fileSystem.contents(of: files.stampFile), to: elsewhere.stampFile)
        try fileSystem.write(try fileSystem.contents(of: files.compilationDatabase), to: elsewhere.compilationDatabase)
        #expect(!elsewhere.isCurrent(buildStamp: "/opt/swift/usr/bin/swiftc\n/repo/.build/debug@1"))
        // No database, however current its stamp.
        try fileSystem.removeItem(at: files.compilationDatabase)
        #expect(!files.isCurrent(buildStamp: "/opt/swift/usr/bin/swiftc\n/repo/.build/debug@1"))
    }
}
