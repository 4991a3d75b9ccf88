import DojoTestSupport
import Foundation
import Glibc
import Testing

/// The shell on a pseudo-terminal: line editing, completion, history, Ctrl-C and Ctrl-D.
@Suite(.serialized) struct InteractiveShellTests {
    func start(_ didojo: Didojo, arguments: [String] = [], color: Bool = false) throws -> PseudoTerminalSession {
        var environment = didojo.environment
        environment["TERM"] = "xterm"
        if color { environment.removeValue(forKey: "NO_COLOR") }
        return try PseudoTerminalSession(executable: Didojo.executable, arguments: arguments, environment: environment)
    }

    @Test func tabCompletesCommandsAndLessonIdsAndListsChoices() async throws {
        let session = try start(try Didojo())
        var seen = try await session.waitFor("didojo> ")
        session.type("op\t")
        seen = try await session.waitFor("open ", after: seen)
        session.type("no\t")
        seen = try await session.waitFor("no-di ", after: seen)
        session.type("\r")
        seen = try await session.waitFor("What is a dependency?", after: seen)
        seen = try await session.waitFor("didojo no-di 1/5> ", after: seen)
        session.type("e\t")
        seen = try await session.waitFor("edit", after: seen)
        try await session.waitFor("exercise", after: seen)
        session.type("\u{15}quit\r")
        #expect(try await session.waitForExit() == 0)
    }

    @Test func historyIsKeptAcrossRestartsInAPrivateFile() async throws {
        let didojo = try Didojo()
        let first = try start(didojo)
        try await first.waitFor("didojo> ")
        first.type("lessons\r")
        // Keys go in only at a prompt: typed earlier, the terminal is still in
        // its cooked mode, where Ctrl-D is its own end-of-file, not a key for libedit.
        let listed = try await first.waitFor("no-di.1")
        try await first.waitFor("didojo> ", after: listed)
        first.type("\u{04}")
        #expect(try await first.waitForExit() == 0)

        let attributes = try FileManager.default.attributesOfItem(atPath: didojo.historyFile.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try String(contentsOf: didojo.historyFile, encoding: .utf8).contains("lessons"))

        let second = try start(didojo)
        let seen = try await second.waitFor("didojo> ")
        second.type("\u{1b}[A")
        try await second.waitFor("lessons", after: seen)
        second.type("\r")
        let listedAgain = try await second.waitFor("no-di.1", after: seen)
        try await second.waitFor("didojo> ", after: listedAgain)
        second.type("quit\r")
        #expect(try await second.waitForExit() == 0)
    }

    @Test func ctrlCCancelsTheLineAndCtrlDOnAnEmptyLineLeaves() async throws {
        let session = try start(try Didojo())
        var seen = try await session.waitFor("didojo> ")
        session.type("lessons")
        session.type("\u{03}")
        seen = try await session.waitFor("didojo> ", after: seen)
        session.type("\u{04}")
        #expect(try await session.waitForExit() == 0)
        #expect(!session.screen.contains("no-di.1"), "the cancelled line must not run")
    }

    @Test func ctrlCStopsALongCheckAndTheShellCarriesOn() async throws {
        let didojo = try Didojo()
        let session = try start(didojo, arguments: ["--timeout", "120"], color: true)
        try await session.waitFor("didojo> ")
        // The learner's presenter now loops forever.
        try didojo.makeNoDI1LoopForever()

        session.type("check no-di.1\r")
        var seen = try await session.waitFor("Running the checks of no-di.1", timeout: .seconds(120))
        session.type("\u{03}")
        seen = try await session.waitFor("Check of no-di.1 cancelled.", after: seen, timeout: .seconds(90))
        seen = try await session.waitFor("didojo no-di", after: seen)
        session.type("progress\r")
        seen = try await session.waitFor("0 attempts", after: seen)
        try await session.waitFor("didojo no-di", after: seen)
        session.type("quit\r")
        #expect(try await session.waitForExit() == 0)
    }
}
