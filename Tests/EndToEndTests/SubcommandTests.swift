import ChildProcess
import DojoTestSupport
import Foundation
import Testing

/// The subcommands scripts, graders and CI use.
@Suite struct SubcommandTests {
    struct Listing: Decodable {
        struct Entry: Decodable { let id, title, status, path: String }
        let id, title: String
        let exercises: [Entry]
    }

    @Test func listPrintsJSONWithEveryLessonAndExercise() async throws {
        let didojo = try Didojo()
        let result = try await didojo.run(["list", "--format", "json"])
        #expect(result.termination == .exited(0))
        let lessons = try JSONDecoder().decode([Listing].self, from: Data(result.standardOutput.utf8))
        #expect(lessons.first?.id == "no-di")
        #expect(lessons.map(\.id).starts(with: ["no-di", "constructor", "setter", "cake", "viper-router", "container"]))
        let first = try #require(lessons.first?.exercises.first)
        #expect(first.id == "no-di.1")
        #expect(first.status == "pending")
        #expect(first.path == didojo.workspace.appendingPathComponent("no-di/1/SocialPresenter.swift").path)
    }

    @Test func checkExitsOneForTheStarterZeroForTheSolutionAndRecordsIt() async throws {
        let didojo = try Didojo()
        let failing = try await didojo.run(["check", "no-di.1"])
        #expect(failing.termination == .exited(1))
        #expect(failing.standardOutput.contains("✗ no-di.1: 2 of 5 checks failed."))

        let solution = Didojo.lessonsFolder.appendingPathComponent("01-no-di/exercises/1/solution.swift")
        let learnerFile = didojo.workspace.appendingPathComponent("no-di/1/SocialPresenter.swift")
        try FileManager.default.removeItem(at: learnerFile)
        try FileManager.default.copyItem(at: solution, to: learnerFile)
        let passing = try await didojo.run(["check", "no-di.1"])
        #expect(passing.termination == .exited(0))
        #expect(passing.standardOutput.contains("✓ no-di.1 passed"))

        let listing = try await didojo.run(["list", "--format", "json"])
        let lessons = try JSONDecoder().decode([Listing].self, from: Data(listing.standardOutput.utf8))
        #expect(lessons.first?.exercises.first?.status == "passed")
    }

    @Test func checkSaysTheSameThroughItsShortcutAndThroughArgumentParser() async throws {
        // `check ID` and `check ID --full-output` skip ArgumentParser (see
        // `CheckSubcommand.shortcut`); the same requests put another way go through it.
        let didojo = try Didojo()
        let pairs: [(shortcut: [String], parsed: [String])] = [
            (["check", "no-di.1"], ["check", "--timeout", "10", "no-di.1"]),
            (["check", "no-di.1", "--full-output"], ["check", "--full-output", "no-di.1"]),
            (["check", "no-di.9"], ["check", "--", "no-di.9"]),
        ]
        // The checks vary their inputs from run to run, so the reports are compared by their
        // verdict, their shape (cut or whole) and what went to standard error.
        func shape(_ output: String) -> [String] {
            [String(output.prefix { $0 != "\n" }), output.contains("lines more") ? "cut" : "whole"]
        }
        for pair in pairs {
            let quick = try await didojo.run(pair.shortcut)
            let parsed = try await didojo.run(pair.parsed)
            #expect(quick.termination == parsed.termination, "\(pair.shortcut)")
            #expect(shape(quick.standardOutput) == shape(parsed.standardOutput), "\(pair.shortcut)")
            #expect(quick.standardError == parsed.standardError, "\(pair.shortcut)")
        }
        #expect(try await didojo.run(["check", "no-di.1"]).termination == .exited(1))
    }

    /// In a workspace the shell has made, `didojo check` loads only the exercise's lesson and
    /// the next one (see `CompositionRoot.catalog(forChecking:in:)`): the report still names
    /// the next lesson, and the editor's file still covers every exercise of every lesson.
    @Test func checkInAnExistingWorkspaceNamesTheNextLessonAndLeavesTheEditorsFileWhole() async throws {
        let didojo = try Didojo()
        #expect(try await didojo.run([], input: "quit\n").termination == .exited(0))
        let database = didojo.workspace.appendingPathComponent("compile_commands.json")
        let before = try Data(contentsOf: database)
        #expect(String(decoding: before, as: UTF8.self).contains("/lifetimes/1/"))
        var last: ChildProcessResult?
        for number in 1...3 {
            let folder = Didojo.lessonsFolder.appendingPathComponent("01-no-di/exercises/\(number)")
            let learnerFile = didojo.workspace.appendingPathComponent("no-di/\(number)/SocialPresenter.swift")
            try FileManager.default.removeItem(at: learnerFile)
            try FileManager.default.copyItem(at: folder.appendingPathComponent("solution.swift"), to: learnerFile)
            last = try await didojo.run(["check", "no-di.\(number)"])
            #expect(last?.termination == .exited(0), "\(last?.standardOutput ?? "")")
        }
        // The report is wrapped to the terminal's width: compared word by word.
        let words = (last?.standardOutput ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("You have passed every exercise of no-di! 'open constructor' starts the next lesson."), "\(words)")
        #expect(try Data(contentsOf: database) == before)
    }

    @Test func checkOfAnUnknownExerciseIsAUsageErrorWithASuggestion() async throws {
        let result = try await Didojo().run(["check", "no-di.9"])
        #expect(result.termination == .exited(2))
        #expect(result.standardError.contains("There is no exercise 'no-di.9'."))
    }

    @Test func aMissingArgumentIsAUsageError() async throws {
        let result = try await Didojo().run(["check"])
        #expect(result.termination == .exited(2))
        #expect(result.standardError.contains("Missing expected argument '<exercise>'"))
    }

    @Test(arguments: [
        (["check", "--help"], "check"), (["progress", "export", "--help"], "progress export"),
        (["check", "no-di.1", "--bogus"], "check"),
    ])
    func helpAndMistakesNameTheWholeCommand(arguments: [String], command: String) async throws {
        // A subcommand is parsed on its own first (it is quicker); what that cannot parse must
        // still be explained as `didojo <subcommand>`, not as a program of its own.
        let result = try await Didojo().run(arguments)
        let text = (result.standardOutput + result.standardError).lowercased()
        #expect(text.contains("usage: didojo \(command) "))
    }

    @Test func aSetUpErrorWithStandardErrorClosedEndsWithItsStatusAndWritesIntoNoFile() async throws {
        let didojo = try Didojo()
        _ = try await didojo.run(["check", "no-di.1"])
        let progressFile = didojo.workspace.appendingPathComponent(".didojo/progress.json")
        let progress = try Data(contentsOf: progressFile)
        // Started with standard error closed, a program's first file opened takes its number:
        // the message must go nowhere, not into that file, nor trap on a read-only one.
        let result = try await didojo.run(["check", "no-such.1"], inputBytes: nil, standardErrorClosed: true)
        #expect(result.termination == .exited(2), "\(result.termination) \(result.standardOutput)")
        #expect(try Data(contentsOf: progressFile) == progress)
    }

    @Test func verifyOfAWorkspaceThatIsNotThereIsASetUpError() async throws {
        let result = try await Didojo().run(["verify"])
        #expect(result.termination == .exited(2))
        #expect(result.standardError.contains("There is no workspace at"))
    }

    @Test func verifyOfOneLessonReportsEachExercise() async throws {
        let result = try await Didojo().run(["verify", "--solutions", "--starters", "--lesson", "no-di"])
        #expect(result.termination == .exited(0), "\(result.standardError)")
        #expect(result.standardOutput.contains("✓ no-di.1 solution passes its 5 checks"))
        #expect(result.standardOutput.contains("✓ no-di.1 starter fails (2 of 5 checks)"))
        #expect(result.standardOutput.contains("All hold."))
    }

    @Test func runOfALessonPrintsItsDemoAndRejectsBadOptions() async throws {
        let didojo = try Didojo()
        let good = try await didojo.run(["run", "constructor", "--client", "facebook", "--clock", "fixed:2016-06-18"])
        #expect(good.termination == .exited(0))
        #expect(good.standardOutput.contains("2016-06-18"))
        let bad = try await didojo.run(["run", "constructor", "--client", "myspace"])
        #expect(bad.termination == .exited(2))
        #expect(bad.standardOutput.contains("myspace"))
    }
}
