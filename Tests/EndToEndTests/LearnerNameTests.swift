import DojoTestSupport
import Foundation
import Testing

/// Under a workshop, the shell asks the learner's name once, on a real pseudo-terminal, and
/// the name reaches the report; a handout's name is never asked again.
@Suite struct LearnerNameTests {
    func session(_ didojo: Didojo, workshop: URL) throws -> PseudoTerminalSession {
        var environment = didojo.environment
        environment["TERM"] = "xterm"
        environment["DIDOJO_WORKSHOP"] = workshop.path
        return try PseudoTerminalSession(executable: Didojo.executable, environment: environment)
    }

    func workshop(in didojo: Didojo) throws -> URL {
        let file = didojo.home.url.appendingPathComponent("friday.yaml")
        try "title: Friday\nlessons: [no-di]\n".write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test func theNameIsAskedOnceAndShownInTheReport() async throws {
        let didojo = try Didojo()
        let file = try workshop(in: didojo)
        let first = try session(didojo, workshop: file)
        var seen = try await first.waitFor("Your name, for your report and your teacher's grades (Enter to skip): ")
        first.type("Grace Hopper\r")
        seen = try await first.waitFor("didojo", after: seen)
        try await first.waitFor("> ", after: seen)
        first.type("quit\r")
        #expect(try await first.waitForExit() == 0)

        let again = try session(didojo, workshop: file)
        try await again.waitFor("> ")
        #expect(!again.screen.contains("Your name"), "asked once only")
        again.type("quit\r")
        #expect(try await again.waitForExit() == 0)

        let report = try await didojo.run(["report", "--workshop", file.path])
        #expect(report.standardOutput.contains("Learner: **Grace Hopper**."))
    }

    @Test func aHandoutsNameIsNotAskedForAgain() async throws {
        let didojo = try Didojo()
        let file = try workshop(in: didojo)
        #expect(try await didojo.run(["handout", didojo.workspace.path, "--name", "Ada"]).termination == .exited(0))
        let shell = try session(didojo, workshop: file)
        try await shell.waitFor("> ")
        #expect(!shell.screen.contains("Your name"))
        shell.type("quit\r")
        #expect(try await shell.waitForExit() == 0)
    }
}
