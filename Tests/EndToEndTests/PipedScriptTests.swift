import DojoTestSupport
import Foundation
import Testing

/// `printf '…' | didojo`: the shell as a script runs it.
@Suite struct PipedScriptTests {
    @Test func aPipedScriptPrintsOnlyWhatItsCommandsSay() async throws {
        let didojo = try Didojo()
        let result = try await didojo.run([], input: "lessons\nquit\n")
        #expect(result.termination == .exited(0))
        #expect(result.standardOutput.contains("1. no-di — No DI: hard-wired dependencies"))
        #expect(result.standardOutput.contains("no-di.1  Post to Facebook too"))
        #expect(!result.standardOutput.contains("didojo>"), "no prompt noise in a script")
        #expect(!result.standardOutput.contains("\u{1b}["), "no escape sequences in a script")
        #expect(result.standardError.contains("Created your workspace at \(didojo.workspace.path)"))
        #expect(!FileManager.default.fileExists(atPath: didojo.historyFile.path), "a script writes no history")
    }

    @Test func theWorkspaceHoldsACopyOfEveryStarter() async throws {
        let didojo = try Didojo()
        _ = try await didojo.run([], input: "quit\n")
        let copy = didojo.workspace.appendingPathComponent("no-di/1/SocialPresenter.swift")
        let starter = Didojo.lessonsFolder.appendingPathComponent("01-no-di/exercises/1/starter.swift")
        #expect(try String(contentsOf: copy, encoding: .utf8) == String(contentsOf: starter, encoding: .utf8))
    }

    @Test func endOfInputEndsTheShellCleanly() async throws {
        let result = try await Didojo().run([], input: "help\n")
        #expect(result.termination == .exited(0))
        #expect(result.standardOutput.contains("check [exercise]"))
    }

    @Test func progressIsKeptBetweenRuns() async throws {
        let didojo = try Didojo()
        _ = try await didojo.run([], input: "open cake\nnext\nhint cake.1\n")
        let again = try await didojo.run([], input: "progress\nhint\n")
        #expect(again.standardOutput.contains("cake: 0/3 passed, 0 attempts, 1 hint used"))
        #expect(again.standardOutput.contains("Hint 2 of"))
    }

    @Test func aCorruptProgressFileIsKeptAsideAtTheFirstChangeAndTheShellStartsAnyway() async throws {
        let didojo = try Didojo()
        _ = try await didojo.run([], input: "quit\n")
        let progress = didojo.workspace.appendingPathComponent(".didojo/progress.json")
        try FileManager.default.createDirectory(at: progress.deletingLastPathComponent(), withIntermediateDirectories: true)
        let corrupt = Data([0x7b, 0xff, 0x00])
        try corrupt.write(to: progress)
        // Only looking changes nothing on disk.
        let looking = try await didojo.run([], input: "lessons\n")
        #expect(looking.termination == .exited(0))
        #expect(looking.standardError.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ").contains("could not be read, so it is shown as fresh. It was left as it is"))
        #expect(looking.standardOutput.contains("no-di.1"))
        #expect(try Data(contentsOf: progress) == corrupt)
        // The first change keeps the old file aside and starts a new one.
        let changing = try await didojo.run([], input: "open no-di\n")
        #expect(changing.termination == .exited(0))
        let said = changing.standardOutput.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        #expect(said.contains("Your progress file could not be read, so DIDojo starts with fresh progress. The old file was kept as"))
        let kept = try FileManager.default.contentsOfDirectory(atPath: progress.deletingLastPathComponent().path)
            .filter { $0.hasPrefix("progress.corrupt-") }
        #expect(kept.count == 1)
        #expect(try Data(contentsOf: progress.deletingLastPathComponent().appendingPathComponent(kept[0])) == corrupt)
    }

    @Test func aMalformedLessonIsNamedAndTheOthersStillLoad() async throws {
        let didojo = try Didojo()
        let lessons = didojo.home.url.appendingPathComponent("Lessons")
        try FileManager.default.copyItem(at: Didojo.lessonsFolder, to: lessons)
        try "title: [broken\n".write(to: lessons.appendingPathComponent("01-no-di/lesson.yaml"), atomically: true, encoding: .utf8)
        let result = try await didojo.run(["--lessons", lessons.path], input: "lessons\n")
        #expect(result.termination == .exited(0))
        #expect(result.standardError.contains("This lesson could not be loaded and is left out: \(lessons.path)/01-no-di/lesson.yaml: is not valid YAML"))
        #expect(result.standardOutput.contains("constructor"))
        #expect(!result.standardOutput.contains("no-di.1"))
    }

    @Test func runShowsAPostGoingOutAndItLandsInTheWorkspaceTimeline() async throws {
        let didojo = try Didojo()
        let result = try await didojo.run([], input: "open no-di\nrun --text \"Hello dojo\"\n")
        #expect(result.standardOutput.contains("Hello dojo"))
        let timeline = try String(contentsOf: didojo.workspace.appendingPathComponent("timeline.txt"), encoding: .utf8)
        #expect(timeline.contains("Hello dojo"))
    }
}
