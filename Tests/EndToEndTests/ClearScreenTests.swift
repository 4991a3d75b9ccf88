import DojoTestSupport
import Foundation
import Testing

/// Ctrl-L and `clear` on a real terminal: the screen is cleared and the prompt drawn again.
@Suite(.serialized) struct ClearScreenTests {
    func start(_ didojo: Didojo) throws -> PseudoTerminalSession {
        var environment = didojo.environment
        environment["TERM"] = "xterm-256color"
        return try PseudoTerminalSession(executable: Didojo.executable, environment: environment)
    }

    @Test func ctrlLDrawsThePromptAndTheTypedLineAgainAndKeepsTheLine() async throws {
        let session = try start(try Didojo())
        var seen = try await session.waitFor("didojo> ")
        session.type("lessons")
        seen = try await session.waitFor("lessons", after: seen)
        session.type("\u{0C}")
        // Drawn again after the clearing (whose escape codes the session's screen leaves out).
        seen = try await session.waitFor("didojo> lessons", after: seen)
        session.type("\r")
        seen = try await session.waitFor("no-di.1", after: seen)
        try await session.waitFor("didojo> ", after: seen)
        session.type("quit\r")
        #expect(try await session.waitForExit() == 0)
    }

    @Test func clearIsACommand() async throws {
        let session = try start(try Didojo())
        var seen = try await session.waitFor("didojo> ")
        session.type("clear\r")
        seen = try await session.waitFor("didojo> ", after: seen)
        // Nothing but the (invisible) clearing between the command and the next prompt.
        #expect(session.screen.contains("didojo> clear\ndidojo> "))
        session.type("quit\r")
        #expect(try await session.waitForExit() == 0)
    }
}
