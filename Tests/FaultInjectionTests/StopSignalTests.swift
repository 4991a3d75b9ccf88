import DojoTestSupport
import Foundation
import Testing

/// `didojo check` stopped by a script (`timeout` sends SIGTERM) or by its terminal closing
/// (SIGHUP) stops its check as Ctrl-C does, and only then ends, by that signal: nothing of the
/// check runs on, and its folder of compiled files is not left in the temporary directory.
struct StopSignalTests {
    @Test(arguments: [SIGTERM, SIGHUP])
    func aCheckStoppedBySignalLeavesNothingAndEndsByIt(_ stop: Int32) async throws {
        var didojo = try Didojo()
        let scratch = try didojo.watchedTemporaryFolder("stop-signal-scratch")
        let configured = didojo
        let (sent, ended, output) = try await CheckGate.shared.run {
            // A fresh home: the first check compiles with empty caches, seconds to stop it in.
            let checker = try UnsupervisedDidojo(configured, arguments: ["check", "--timeout", "600", "no-di.1"])
            let sent = await FolderWatch.signal(stop, to: checker.processIdentifier, once: scratch.url, holds: "didojo-check-")
            return (sent, checker.waitUntilEnded(), checker.output)
        }
        #expect(sent, "the check ended, or never began, before its folder was seen: \(output)")
        #expect(ended.signaled && ended.status == stop, "ended \(ended), not by signal \(stop): \(output)")
        #expect(output.contains("cancelled"), "\(output)")
        // Nothing of the check is left: no file, no process working in its (removed) folder.
        let left = try await CheckLeftovers.after(in: scratch.url)
        #expect(left.files.isEmpty, "left behind: \(left.files)")
        #expect(left.processes.isEmpty, "still running in the check's folder: \(left.processes)")
    }
}
