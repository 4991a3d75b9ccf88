import DojoTestSupport
import Foundation
import Testing

/// `didojo verify` and `didojo report --verify` stopped by a script (`timeout` sends SIGTERM) or
/// by their terminal closing (SIGHUP) stop the check under way as `didojo check` does, record
/// nothing of it, write no report, and only then end, by that signal: a pass recorded before is
/// not taken back by a check that never finished, and no folder of compiled files is left in the
/// temporary directory.
struct VerifyStopSignalTests {
    /// The command that grades: `verify`, or `report --verify` writing its report to a file
    /// (`report.md` in the test's folder).
    enum Grading: String, CaseIterable, Sendable {
        case verify, reportVerify

        func arguments(reportFile: URL) -> [String] {
            switch self {
            case .verify: ["verify", "--lesson", "no-di"]
            case .reportVerify: ["report", "--verify", "--output", reportFile.path]
            }
        }
    }

    @Test(arguments: Grading.allCases, [SIGTERM, SIGHUP])
    func aGradingStoppedBySignalRecordsNothingOfItsCheckAndEndsByIt(_ grading: Grading, _ stop: Int32) async throws {
        var didojo = try Didojo()
        let scratch = try didojo.watchedTemporaryFolder("verify-stop-scratch")
        // The file made from its starter, then tried (so graded), but still failing: a grading
        // that finished would take back the pass recorded below.
        _ = try await didojo.run(["check", "no-di.1"])
        try didojo.markNoDI1Tried()
        let progressFile = didojo.workspace.appendingPathComponent(".didojo/progress.json")
        var progress = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: progressFile)) as? [String: Any])
        progress["exercises"] = ["no-di.1": ["passed": true, "attempts": 1, "hintsShown": 0, "solutionSeen": false]]
        try JSONSerialization.data(withJSONObject: progress).write(to: progressFile)

        let configured = didojo
        let reportFile = scratch.url.appendingPathComponent("report.md")
        let (sent, ended, output) = try await CheckGate.shared.run {
            let process = try UnsupervisedDidojo(configured, arguments: grading.arguments(reportFile: reportFile))
            let sent = await FolderWatch.signal(stop, to: process.processIdentifier, once: scratch.url, holds: "didojo-check-")
            return (sent, process.waitUntilEnded(), process.output)
        }
        #expect(sent, "the grading ended, or never began a check, before its folder was seen: \(output)")
        #expect(ended.signaled && ended.status == stop, "ended \(ended), not by signal \(stop): \(output)")
        #expect(output.contains("Grading cancelled"), "\(output)")
        let after = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: progressFile)) as? [String: Any])
        let noDI1 = (after["exercises"] as? [String: Any])?["no-di.1"] as? [String: Any]
        #expect(noDI1?["passed"] as? Bool == true, "the stopped grading took the pass back: \(after) \(output)")
        #expect(!FileManager.default.fileExists(atPath: reportFile.path), "a report was written after all: \(output)")
        // Nothing of the check is left: no file, no process working in its (removed) folder.
        let left = try await CheckLeftovers.after(in: scratch.url)
        #expect(left.files.isEmpty, "left behind: \(left.files)")
        #expect(left.processes.isEmpty, "still running in the check's folder: \(left.processes)")
    }
}
