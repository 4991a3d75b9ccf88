import DojoTestSupport
import Foundation
import Testing

/// Two real processes on one workspace: a learner's shell left open (on a pseudo-terminal) and,
/// in another terminal, each command that writes progress. Every change of progress is a
/// read-modify-write under the progress lock, so neither undoes the other, and the shell shows
/// what the other did at its next command.
@Suite(.serialized) struct SharedWorkspaceTests {
    struct Listing: Decodable {
        struct Entry: Decodable { let id, status: String }
        let exercises: [Entry]
    }

    let didojo: Didojo
    let learnerFile: URL

    init() throws {
        didojo = try Didojo()
        learnerFile = didojo.workspace.appendingPathComponent("no-di/1/SocialPresenter.swift")
    }

    func openShell() async throws -> PseudoTerminalSession {
        var environment = didojo.environment
        environment["TERM"] = "xterm"
        let shell = try PseudoTerminalSession(executable: Didojo.executable, environment: environment)
        try await shell.waitFor("didojo> ")
        return shell
    }

    /// Types `line` and waits for the next prompt after `text`.
    @discardableResult
    func type(_ line: String, in shell: PseudoTerminalSession, until text: String, after offset: Int) async throws -> Int {
        shell.type(line + "\r")
        let shown = try await shell.waitFor(text, after: offset, timeout: .seconds(300))
        return try await shell.waitFor("> ", after: shown, timeout: .seconds(300))
    }

    /// What `didojo list` (another process, reading the file) says of `exercise`.
    func status(of exercise: String) async throws -> String {
        let result = try await didojo.run(["list", "--format", "json"])
        let lessons = try JSONDecoder().decode([Listing].self, from: Data(result.standardOutput.utf8))
        return lessons.flatMap(\.exercises).first { $0.id == exercise }?.status ?? "missing"
    }

    func placeSolution(of exercise: String, folder: String) throws {
        let solution = Didojo.lessonsFolder.appendingPathComponent("\(folder)/solution.swift")
        try? FileManager.default.removeItem(at: learnerFile)
        try FileManager.default.copyItem(at: solution, to: learnerFile)
    }

    /// The reproduction from the issue: a shell passes no-di.1; `reset --all --yes` runs in
    /// another terminal; one `hint` later in the shell, the pass must not come back, because
    /// the file on disk is the starter again.
    @Test func aResetFromAnotherTerminalIsNotUndoneByTheOpenShell() async throws {
        let shell = try await openShell()
        try placeSolution(of: "no-di.1", folder: "01-no-di/exercises/1")
        var seen = try await type("check no-di.1", in: shell, until: "passed", after: 0)
        #expect(try await status(of: "no-di.1") == "passed")

        let reset = try await didojo.run(["reset", "--all", "--yes"])
        #expect(reset.termination == .exited(0))
        #expect(try await status(of: "no-di.1") == "pending")

        seen = try await type("hint no-di.1", in: shell, until: "Hint 1 of", after: seen)
        #expect(try await status(of: "no-di.1") == "pending", "the shell's hint must not bring back the pass it held in memory")
        #expect(try String(contentsOf: learnerFile, encoding: .utf8).contains("TODO"), "the file is the starter again")
        try await type("progress", in: shell, until: "0 of", after: seen)
        shell.type("quit\r")
        #expect(try await shell.waitForExit() == 0)
    }

    /// `didojo check` in another terminal works beside the open shell (it used to be refused),
    /// and the shell shows the pass at its next command, and keeps it after a change of its own.
    @Test func aCheckFromAnotherTerminalIsSeenByTheShellAndKept() async throws {
        let shell = try await openShell()
        var seen = try await type("open no-di", in: shell, until: "no-di · page 1", after: 0)
        try placeSolution(of: "no-di.1", folder: "01-no-di/exercises/1")
        let check = try await didojo.run(["check", "no-di.1"])
        #expect(check.termination == .exited(0), "\(check.standardError)")
        seen = try await type("lessons", in: shell, until: "(1/3 passed)", after: seen)
        try await type("next", in: shell, until: "page 2", after: seen)
        #expect(try await status(of: "no-di.1") == "passed", "the shell's own save keeps the pass the other process recorded")
        shell.type("quit\r")
        #expect(try await shell.waitForExit() == 0)
    }

    /// A teacher grades the workspace while the learner's shell is open: the grade stays.
    @Test func aGradeRecordedWhileTheShellIsOpenStays() async throws {
        let shell = try await openShell()
        try placeSolution(of: "no-di.1", folder: "01-no-di/exercises/1")
        let verify = try await didojo.run(["verify", "--lesson", "no-di"])
        #expect(verify.standardOutput.contains("✓ no-di.1 passed"))
        try await type("hint no-di.2", in: shell, until: "Hint 1 of", after: 0)
        #expect(try await status(of: "no-di.1") == "passed")
        shell.type("quit\r")
        #expect(try await shell.waitForExit() == 0)
    }

    /// An export imported while the shell is open stays imported after the shell's next change.
    @Test func anImportWhileTheShellIsOpenStays() async throws {
        // The export: a workspace where no-di.1 passed.
        let other = try Didojo()
        let otherFile = other.workspace.appendingPathComponent("no-di/1/SocialPresenter.swift")
        try FileManager.default.createDirectory(at: otherFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Didojo.lessonsFolder.appendingPathComponent("01-no-di/exercises/1/solution.swift"), to: otherFile)
        #expect(try await other.run(["check", "no-di.1"]).termination == .exited(0))
        let export = other.home.url.appendingPathComponent("moving.json")
        #expect(try await other.run(["progress", "export", export.path]).termination == .exited(0))

        let shell = try await openShell()
        let imported = try await didojo.run(["progress", "import", export.path])
        #expect(imported.termination == .exited(0), "\(imported.standardError)")
        try await type("hint no-di.2", in: shell, until: "Hint 1 of", after: 0)
        #expect(try await status(of: "no-di.1") == "passed", "the open shell must not save its old progress over the import")
        shell.type("quit\r")
        #expect(try await shell.waitForExit() == 0)
    }
}

/// An interactive shell gets the checker ready while the learner reads, so that the first
/// check after a fresh install is as quick as the later ones.
@Suite struct CheckWarmUpTests {
    @Test func aNewShellFillsTheCachesForTheFirstCheckWithoutBeingAsked() async throws {
        let didojo = try Didojo()
        var environment = didojo.environment
        environment["TERM"] = "xterm"
        environment.removeValue(forKey: "DIDOJO_NO_WARM_UP")
        // The shell marks the end of its warm-up in its trace: the signal this test awaits.
        let trace = didojo.home.url.appendingPathComponent("trace.txt")
        environment["DIDOJO_TRACE"] = trace.path
        let steps = didojo.home.url.appendingPathComponent(".cache/didojo/compiled-steps")
        #expect(!FileManager.default.fileExists(atPath: steps.path), "the home is fresh")
        let shell = try PseudoTerminalSession(executable: Didojo.executable, environment: environment)
        let prompt = try await shell.waitFor("didojo> ")
        // Nothing is typed: the compiled steps of a check of no-di.1 appear by themselves, and
        // the shell marks the warm-up's end.
        func keptSteps() -> Set<String> {
            Set((try? FileManager.default.contentsOfDirectory(atPath: steps.path))?.filter { !$0.hasPrefix("incoming-") } ?? [])
        }
        func traced() -> String { (try? String(contentsOf: trace, encoding: .utf8)) ?? "" }
        let deadline = ContinuousClock.now + .seconds(300)
        while ContinuousClock.now < deadline, !traced().contains(" warm-up done") {
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(traced().contains(" warm-up done\n"), "the warm-up did not end within 300 s, or found no checker: \(traced().suffix(300))")
        let kept = keptSteps()
        #expect(!kept.isEmpty, "the warm-up kept compiled steps")
        // The learner's first check then finds everything it needs already built: it adds no step.
        shell.type("check\r")
        let report = try await shell.waitFor("no-di.1: ", after: prompt, timeout: .seconds(300))
        try await shell.waitFor("> ", after: report)
        let added = keptSteps().subtracting(kept)
        #expect(added.isEmpty, "the first check had to build \(added.count) steps the warm-up should have built")
        // And nothing was recorded: it was no attempt of the learner's.
        let progress = didojo.workspace.appendingPathComponent(".didojo/progress.json")
        let text = (try? String(contentsOf: progress, encoding: .utf8)) ?? ""
        #expect(!text.contains("\"attempts\" : 2"), "only the learner's own check was recorded")
        shell.type("quit\r")
        #expect(try await shell.waitForExit() == 0)
    }

    @Test func quittingWhileTheWarmUpCompilesLeavesNothingBehind() async throws {
        var didojo = try Didojo()
        let scratch = try didojo.watchedTemporaryFolder("warm-up-scratch")
        var environment = didojo.environment
        environment["TERM"] = "xterm"
        environment.removeValue(forKey: "DIDOJO_NO_WARM_UP")
        let trace = didojo.home.url.appendingPathComponent("trace.txt")
        environment["DIDOJO_TRACE"] = trace.path
        let shell = try PseudoTerminalSession(executable: Didojo.executable, environment: environment)
        // A fresh home: the warm-up asks the compiler driver for its plans, then compiles, for
        // seconds. Quit the moment its first folder exists (a plan's, or the check's), watched
        // from the start on a thread of its own: beside the whole suite, this test's task saw
        // the prompt only after a five-second warm-up was over. The shell reads the line once
        // it is ready for one.
        let typed = await FolderWatch.act(once: scratch.url, holds: "didojo-", while: shell.pid, within: .seconds(300)) {
            shell.type("quit\r")
            return true
        }
        if !typed { shell.type("quit\r") }
        #expect(typed, "the warm-up made no folder within 300 s: \((try? String(contentsOf: trace, encoding: .utf8))?.suffix(300) ?? "no trace")")
        #expect(try await shell.waitForExit() == 0, "\(shell.screen)")
        #expect(try String(contentsOf: trace, encoding: .utf8).contains(" check no-di.1\n"), "quit before the warm-up's check began")
        // Nothing of the warm-up is left: no file, no process working in its (removed) folder.
        let left = try await CheckLeftovers.after(in: scratch.url)
        #expect(left.files.isEmpty, "left behind: \(left.files)")
        #expect(left.processes.isEmpty, "still running in the check's folder: \(left.processes)")
    }
}
