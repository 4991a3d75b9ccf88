import DojoTestSupport
import Foundation
import Testing

/// `run` through the real binaries: `didojo` starts `didojo-demos` beside it, on its own
/// terminal; a missing `didojo-demos` is explained; Ctrl-C and crashes end the demo, not the shell.
@Suite(.serialized) struct DemoRunTests {
    func startOnATerminal(_ didojo: Didojo) throws -> PseudoTerminalSession {
        var environment = didojo.environment
        environment["TERM"] = "xterm"
        return try PseudoTerminalSession(executable: didojo.executable, environment: environment)
    }

    @Test func didojoRunNoDIRunsTheLessonsDemo() async throws {
        let result = try await Didojo().run(["run", "no-di", "--text", "Posted by the end-to-end test"])
        #expect(result.termination == .exited(0))
        #expect(result.standardOutput.contains("Twitter"))
        #expect(result.standardOutput.contains("Posted by the end-to-end test"))
        #expect(result.standardError.isEmpty)
    }

    @Test func withoutItsDemosExecutableRunSaysHowToBuildItAndTheShellGoesOn() async throws {
        var didojo = try Didojo().alone()
        didojo.columns = 500  // the messages are looked for whole, not wrapped
        let subcommand = try await didojo.run(["run", "no-di"])
        #expect(subcommand.termination == .exited(2))
        #expect(subcommand.standardError.contains("/bin/didojo-demos is missing. Build them with 'swift build'"))

        let shell = try await didojo.run([], input: "open no-di\nrun\nhelp run\nlessons\n")
        #expect(shell.termination == .exited(0))
        #expect(shell.standardOutput.contains("/bin/didojo-demos is missing."))
        #expect(shell.standardOutput.contains("The no-di lesson's options cannot be shown."))
        #expect(shell.standardOutput.contains("no-di.1"), "the shell should answer after the failed run")
    }

    @Test func theShellRunsTheDemoOnItsTerminalAndKnowsItsOptions() async throws {
        let session = try startOnATerminal(try Didojo())
        var seen = try await session.waitFor("didojo> ")
        session.type("open no-di\r")
        seen = try await session.waitFor("didojo no-di 1/5> ", after: seen)
        session.type("help run\r")
        seen = try await session.waitFor("Options of the no-di lesson:", after: seen)
        seen = try await session.waitFor("--image <name>", after: seen)
        seen = try await session.waitFor("didojo no-di 1/5> ", after: seen)
        // Tab after `run` completes the demo's own flags.
        session.type("run --te\t")
        seen = try await session.waitFor("run --text ", after: seen)
        session.type("'typed on a terminal'\r")
        seen = try await session.waitFor("typed on a terminal (", after: seen)
        try await session.waitFor("didojo no-di 1/5> ", after: seen)
        session.type("quit\r")
        #expect(try await session.waitForExit() == 0)
    }

    @Test func ctrlCStopsTheDemoACrashIsReportedAndTheShellGoesOn() async throws {
        // A stand-in for didojo-demos: `run crash` crashes, any other `run` waits to be stopped.
        // Its arguments: run --workspace DIR LESSON [the learner's words].
        let didojo = try Didojo().alone(withDemos: """
        case "$5" in
          crash) kill -SEGV $$ ;;
          *) echo "demo is running"; exec sleep 60 ;;
        esac
        """)
        let session = try startOnATerminal(didojo)
        var seen = try await session.waitFor("didojo> ")
        session.type("run\r")
        seen = try await session.waitFor("demo is running", after: seen)
        session.type("\u{03}")
        seen = try await session.waitFor("The example program was interrupted.", after: seen)
        seen = try await session.waitFor("didojo> ", after: seen)
        session.type("run crash\r")
        seen = try await session.waitFor("The example program ended: segmentation fault (SIGSEGV).", after: seen)
        seen = try await session.waitFor("didojo> ", after: seen)
        session.type("lessons\r")
        seen = try await session.waitFor("no-di.1", after: seen)
        try await session.waitFor("didojo> ", after: seen)
        session.type("quit\r")
        #expect(try await session.waitForExit() == 0)
    }
}
