import CakePattern
import Domain
import DojoTestSupport
import Foundation
import LessonSupport
import Testing

private let june18 = try! FixedClock(day: "2016-06-18").date

@Suite("The file-reading service, mixed in")
struct ReadFileServiceTests {
    @Test("The test composition logs the file's path and returns its contents with the fixed time")
    func readsAnExistingFile() throws {
        let folder = try TemporaryFolder("cake", files: ["notes.txt": "first line\nsecond line\n"])
        defer { folder.remove() }
        let service = MixInReadFileServiceTest(documentsFolder: folder.url)

        let result = service.readWithDate("notes.txt")

        #expect(result == DatedText(readAt: june18, text: "first line\nsecond line\n"))
        let path = folder.url.appendingPathComponent("notes.txt").path
        #expect(service.recorder.entries == [LogEntry(level: .info, message: "reading \(path)")])
    }

    @Test("A missing file is logged as read, then as an error, and gives nil")
    func reportsAMissingFile() throws {
        let folder = try TemporaryFolder("cake")
        defer { folder.remove() }
        let service = MixInReadFileServiceTest(documentsFolder: folder.url)

        let result = service.readWithDate("missing.txt")

        #expect(result == nil)
        let path = folder.url.appendingPathComponent("missing.txt").path
        #expect(service.recorder.entries == [
            LogEntry(level: .info, message: "reading \(path)"),
            LogEntry(level: .error, message: "could not read \(path)"),
        ])
    }

    @Test("The live composition reads the real time and prints its log lines")
    func liveCompositionUsesTheSystemClockAndPrints() throws {
        let folder = try TemporaryFolder("cake", files: ["a.txt": "A"])
        defer { folder.remove() }
        let output = CapturedOutput()
        let service = MixInReadFileService(documentsFolder: folder.url, write: output.append)

        let before = Date()
        let result = try #require(service.readWithDate("a.txt"))
        let after = Date()

        #expect(result.text == "A")
        #expect(result.readAt >= before && result.readAt <= after, "the live clock should tell the real time")
        #expect(output.text == "[info] reading \(folder.url.appendingPathComponent("a.txt").path)\n")
    }

    @Test("The main service prints the time the file was read, then its contents")
    func mainServicePrintsTimeThenContents() throws {
        let folder = try TemporaryFolder("cake", files: ["notes.txt": "hello"])
        defer { folder.remove() }
        let service = MixInMainServiceTest(documentsFolder: folder.url)

        service.main(fileName: "notes.txt")

        #expect(service.printed == ["read at 2016-06-18 00:00 UTC", "hello"])
    }

    @Test("The main service prints nothing for a missing file, leaving the error to the log")
    func mainServicePrintsNothingForAMissingFile() throws {
        let folder = try TemporaryFolder("cake")
        defer { folder.remove() }
        let service = MixInMainServiceTest(documentsFolder: folder.url)

        service.main(fileName: "missing.txt")

        #expect(service.printed.isEmpty)
        #expect(service.testReader.recorder.messages(at: .error) == ["could not read \(folder.url.appendingPathComponent("missing.txt").path)"])
    }
}

@Suite("The lesson's `run`")
struct CakeDemoTests {
    /// Runs the demo in a fresh workspace and returns what it wrote and the workspace.
    private func run(_ arguments: [String]) throws -> (output: String, workspace: TemporaryFolder) {
        let workspace = try TemporaryFolder("cake")
        let output = CapturedOutput()
        try CakeDemo.run(arguments: arguments, context: DemoContext(workspaceDirectory: workspace.url, write: output.append))
        return (output.text, workspace)
    }

    @Test("Without options it creates the sample file and reads it with the live composition")
    func defaultRunReadsTheSample() throws {
        let (output, workspace) = try run([])
        defer { workspace.remove() }
        let sample = workspace.url.appendingPathComponent("Documents/notes.txt").path

        #expect(FileManager.default.fileExists(atPath: sample))
        #expect(output.contains("let service = MixInMainService(documentsFolder: documents)"))
        #expect(output.contains("[info] reading \(sample)\nread at "))
        #expect(output.contains("Notes on the Minimal Cake Pattern"))
        #expect(output.contains("The time came from the clock the composition mixed in"))
        #expect(!output.contains("[error]"))
    }

    @Test("A missing file with the live clock prints the info and error lines and no contents")
    func liveRunOfAMissingFile() throws {
        let (output, workspace) = try run(["--file", "missing.txt"])
        defer { workspace.remove() }
        let missing = workspace.url.appendingPathComponent("Documents/missing.txt").path

        #expect(output.contains("[info] reading \(missing)\n[error] could not read \(missing)\n"))
        #expect(!output.contains("read at "))
        #expect(output.contains("The file could not be read, so the service logged an error and returned nil,"))
    }

    @Test("The fixed clock reads the sample at 2016-06-18 through the test composition")
    func fixedRunOfTheSample() throws {
        let (output, workspace) = try run(["--file", "notes.txt", "--clock", "fixed:2016-06-18"])
        defer { workspace.remove() }
        let sample = workspace.url.appendingPathComponent("Documents/notes.txt").path

        #expect(output.contains("let service = MixInMainServiceTest(documentsFolder: documents)"))
        #expect(output.contains("service.printed:\n  read at 2016-06-18 00:00 UTC\n  Notes on the Minimal Cake Pattern\n"))
        #expect(output.contains("service.testReader.recorder.entries:\n  [info] reading \(sample)\n\n"))
    }

    @Test("The fixed clock with a missing file shows nothing printed and both recorded lines")
    func fixedRunOfAMissingFile() throws {
        let (output, workspace) = try run(["--clock", "fixed:2016-06-18", "--file", "missing.txt"])
        defer { workspace.remove() }
        let missing = workspace.url.appendingPathComponent("Documents/missing.txt").path

        #expect(output.contains("service.printed:\n  (nothing)\n"))
        #expect(output.contains("  [info] reading \(missing)\n  [error] could not read \(missing)\n"))
    }

    @Test("A sample file the learner edited is kept, not overwritten")
    func keepsTheLearnersSample() throws {
        let workspace = try TemporaryFolder("cake")
        defer { workspace.remove() }
        let documents = workspace.url.appendingPathComponent("Documents")
        try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
        try "my own notes".write(to: documents.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let output = CapturedOutput()

        try CakeDemo.run(arguments: [], context: DemoContext(workspaceDirectory: workspace.url, write: output.append))

        #expect(output.text.contains("my own notes"))
    }

    @Test("Another fixed day is refused with the reason: the test composition's day is part of its class")
    func refusesAnotherFixedDay() throws {
        let workspace = try TemporaryFolder("cake")
        defer { workspace.remove() }
        let context = DemoContext(workspaceDirectory: workspace.url) { _ in }

        let error = try #require(throws: DemoUsageError.self) {
            try CakeDemo.run(arguments: ["--clock", "fixed:2017-01-01"], context: context)
        }
        #expect(error.message.contains("the only fixed clock is fixed:2016-06-18"))
        #expect(error.message.contains("Usage: run"))
    }

    @Test("An unknown clock word is refused with the accepted ones")
    func refusesAnUnknownClock() throws {
        let workspace = try TemporaryFolder("cake")
        defer { workspace.remove() }
        let context = DemoContext(workspaceDirectory: workspace.url) { _ in }

        let error = try #require(throws: DemoUsageError.self) {
            try CakeDemo.run(arguments: ["--clock", "sundial"], context: context)
        }
        #expect(error.message.contains("system | fixed:YYYY-MM-DD"))
    }

    @Test("An option the demo does not have is named in the message")
    func refusesAnUnknownOption() throws {
        let workspace = try TemporaryFolder("cake")
        defer { workspace.remove() }
        let context = DemoContext(workspaceDirectory: workspace.url) { _ in }

        let error = try #require(throws: DemoUsageError.self) {
            try CakeDemo.run(arguments: ["--logger", "print"], context: context)
        }
        #expect(error.message.contains("Unknown option '--logger'"))
    }
}
