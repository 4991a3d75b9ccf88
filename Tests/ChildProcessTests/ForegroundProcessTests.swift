import ChildProcess
import Foundation
import Testing

import Glibc

/// A trusted program run in the foreground: its ending comes back as is, and it gets the
/// caller's current environment but none of the caller's ignored signals.
@Suite(.serialized) struct ForegroundProcessTests {
    @Test func theExitStatusAndAKillingSignalComeBack() throws {
        #expect(try ForegroundProcess.run(executable: "/bin/sh", arguments: ["-c", "exit 4"]) == .exited(4))
        #expect(try ForegroundProcess.run(executable: "/bin/sh", arguments: ["-c", "kill -TERM $$; sleep 5"]) == .signaled(SIGTERM))
    }

    @Test func theProgramSeesVariablesSetSinceStartUp() throws {
        setenv("DIDOJO_FOREGROUND_PROBE", "set-later", 1)
        defer { unsetenv("DIDOJO_FOREGROUND_PROBE") }
        let ending = try ForegroundProcess.run(executable: "/bin/sh", arguments: ["-c", #"[ "$DIDOJO_FOREGROUND_PROBE" = set-later ]"#])
        #expect(ending == .exited(0))
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
