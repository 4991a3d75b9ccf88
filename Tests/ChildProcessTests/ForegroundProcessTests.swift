import ChildProcess
import Foundation
import Testing

import Glibc
import DojoTestSupport

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

    @Test func theProgramInheritsNoneOfTheCallersOtherDescriptors() throws {
        // Not close-on-exec, as the line editor's copies of the terminal are; numbered well
        // above what the shell below opens for itself (dash keeps a copy of a redirected stream
        // at 10 and up).
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let kept = ends.map { fcntl($0, F_DUPFD, 900) }
        ends.forEach { close($0) }
        defer { kept.forEach { close($0) } }
        try #require(kept.allSatisfy { $0 >= 900 })
        let listing = TestRunFolder.url.appendingPathComponent(TestRunFolder.uniqueName("foreground-fds"))
        defer { try? FileManager.default.removeItem(at: listing) }
        let ending = try ForegroundProcess.run(executable: "/bin/sh", arguments: ["-c", "ls /proc/$$/fd > \"$0\"", listing.path])
        #expect(ending == .exited(0))
        let descriptors = try String(contentsOf: listing, encoding: .utf8).split(separator: "\n").compactMap { Int32($0) }
        #expect(descriptors.contains(0) && descriptors.contains(1) && descriptors.contains(2))
        #expect(!descriptors.contains { kept.contains($0) }, "inherited: \(descriptors)")
    }

    @Test func aProgramThatIsNotThereCannotStart() {
        #expect(throws: ChildProcessError.self) {
            try ForegroundProcess.run(executable: "/nonexistent/didojo-demos", arguments: [])
        }
    }
}
