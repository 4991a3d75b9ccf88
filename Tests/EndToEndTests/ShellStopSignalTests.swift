import DojoTestSupport
import Foundation
import Glibc
import Testing

/// The shell told to stop while a check runs (SIGHUP: its terminal closed; SIGTERM) cancels the
/// check as Ctrl-C does, then ends by that signal: nothing of the check runs on, and its folder
/// of compiled files is not left in the temporary directory.
struct ShellStopSignalTests {
    @Test(arguments: [SIGHUP, SIGTERM])
    func aShellStoppedDuringACheckLeavesNothingAndEndsBySignal(_ stop: Int32) async throws {
        var didojo = try Didojo()
        let scratch = try didojo.watchedTemporaryFolder("shell-stop-scratch")
        var environment = didojo.environment
        environment["TERM"] = "xterm"
        let session = try PseudoTerminalSession(executable: Didojo.executable, environment: environment, columns: 80, rows: 24)
        try await session.waitFor("didojo> ")
        // A fresh home: the first check compiles with empty caches, seconds to stop it in.
        session.type("check no-di.1\r")
        let sent = await FolderWatch.signal(stop, to: session.pid, once: scratch.url, holds: "didojo-check-")
        #expect(sent, "the check ended, or never began, before its folder was seen: \(session.screen)")
        #expect(try await session.waitForExit() == -stop, "\(session.screen)")
        #expect(session.screen.contains("cancelled"), "\(session.screen)")
        // Nothing of the check is left: no file, no process working in its (removed) folder.
        let left = try await CheckLeftovers.after(in: scratch.url)
        #expect(left.files.isEmpty, "left behind: \(left.files)")
        #expect(left.processes.isEmpty, "still running in the check's folder: \(left.processes)")
    }
}
