import DojoTestSupport
import Foundation
import Testing

/// `didojo class grade` stopped by a script (`timeout`, or `kill`, which reach it alone) or by its
/// terminal closing stops the grading it started (`didojo verify --workspaces`, a process of its
/// own) before it ends, by that signal, and sends nothing to the class. Ended by the signal at
/// once, it had left the grading running on its own and its folder of grades behind.
struct ClassGradeStopSignalTests {
    @Test(arguments: [SIGTERM, SIGHUP])
    func aStoppedGradeStopsItsGradingAndLeavesNothing(_ stop: Int32) async throws {
        var didojo = try Didojo()
        let scratch = try didojo.watchedTemporaryFolder("class-grade-stop-scratch")
        didojo.extraEnvironment["DIDOJO_TEACHER_TOKEN"] = "teacher-token-for-the-test"
        // A tried exercise (its file made from the starter, then changed), so that the grading
        // has a check to run.
        _ = try await didojo.run(["check", "no-di.1"])
        try didojo.markNoDI1Tried()

        let configured = didojo
        // Nothing listens on port 9 (discard): had anything been sent, it would have failed.
        let arguments = ["class", "grade", "http://127.0.0.1:9", configured.workspace.path]
        let (sent, ended, output) = try await CheckGate.shared.run {
            let grade = try UnsupervisedDidojo(configured, arguments: arguments)
            let sent = await FolderWatch.signal(stop, to: grade.processIdentifier, once: scratch.url, holds: "didojo-check-")
            return (sent, grade.waitUntilEnded(), grade.output)
        }
        #expect(sent, "the grading ended, or never began a check, before its folder was seen: \(output)")
        #expect(ended.signaled && ended.status == stop, "ended \(ended), not by signal \(stop): \(output)")
        #expect(output.contains("Grading cancelled"), "the grading was not stopped: \(output)")
        #expect(output.contains("Nothing was sent to the class"), "\(output)")
        // Neither the grades' folder nor the check's, nor a program still working in it.
        let left = try await CheckLeftovers.after(in: scratch.url)
        #expect(left.files.isEmpty, "left behind: \(left.files)")
        #expect(left.processes.isEmpty, "still running in the check's folder: \(left.processes)")
    }
}
