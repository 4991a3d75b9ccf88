import ChildProcess
import Foundation
import Testing

import Glibc

/// A trusted program run in the foreground: its ending comes back as is, and it gets none of
/// the caller's ignored signals.
///
/// That it gets the caller's current environment, variables set since start-up included, is
/// proved end to end by PipedScriptTests.runShowsAPostGoingOutAndItLandsInTheWorkspaceTimeline
/// (the shell sets `DIDOJO_TIMELINE`, the demo writes there), in a process of its own: calling
/// setenv(3) here, in the test program, while other suites' threads start processes that read
/// the environment, crashed the whole test run in CI (Foundation's Process.run copying an
/// environment that setenv was moving).
@Suite(.serialized) struct ForegroundProcessTests {
    @Test func theExitStatusAndAKillingSignalComeBack() throws {
        #expect(try ForegroundProcess.run(executable: "/bin/sh", arguments: ["-c", "exit 4"]) == .exited(4))
        #expect(try ForegroundProcess.run(executable: "/bin/sh", arguments: ["-c", "kill -TERM $$; sleep 5"]) == .signaled(SIGTERM))
    }

    @Test func aSignalTheCallerIgnoresIsNotIgnoredByTheProgram() throws {
        // The shell ignores SIGXFSZ; a demo must not inherit that. SIGUSR2: nothing else here uses it.
        let previous = signal(SIGUSR2, SIG_IGN)
        defer { signal(SIGUSR2, previous) }
        let ending = try ForegroundProcess.run(executable: "/bin/sh", arguments: ["-c", "kill -USR2 $$; sleep 5"])
        #expect(ending == .signaled(SIGUSR2))
    }

    @Test func aProgramThatIsNotThereCannotStart() {
        #expect(throws: ChildProcessError.self) {
            try ForegroundProcess.run(executable: "/nonexistent/didojo-demos", arguments: [])
        }
    }
}
