import DojoTestSupport
import Foundation
import Testing

/// Ctrl-C on the teacher's terminal while `didojo class grade` grades. The terminal sends it to
/// `class grade` and to the grading it started (`verify --workspaces`, in the same process
/// group), and `class grade` passes it on too: the grading stops once, its check cancelled,
/// nothing is sent to the class, the status is 130, and nothing is left in the temporary folder.
/// (`ClassGradeStopSignalTests` sends SIGTERM and SIGHUP to `class grade` alone.)
struct ClassGradeInterruptTests {
    @Test func ctrlCStopsTheGradingAndSendsNothing() async throws {
        var didojo = try Didojo()
        let scratch = try didojo.watchedTemporaryFolder("class-grade-ctrl-c")
        didojo.extraEnvironment["DIDOJO_TEACHER_TOKEN"] = "teacher-token-for-the-test"
        _ = try await didojo.run(["check", "no-di.1"])
        // The learner's presenter now loops forever: the grading's check runs until stopped.
        try didojo.makeNoDI1LoopForever()

        var environment = didojo.environment
        environment["TERM"] = "xterm"
        // Nothing listens on port 9 (discard): had anything been sent, it would have failed.
        let session = try PseudoTerminalSession(
            executable: Didojo.executable, arguments: ["class", "grade", "http://127.0.0.1:9", didojo.workspace.path],
            environment: environment)
        // Watched from the start, on a thread of its own: beside the whole suite this test's task
        // can resume seconds late, after the grading's check came, ran too long and went (a CI
        // run failed that way when the watch began only once "Grading with the lessons" was seen).
        let typed = await FolderWatch.act(once: scratch.url, holds: "didojo-check-", while: session.pid) {
            session.type("\u{03}")
            return true
        }
        #expect(typed, "the grading ended, or never began a check: \(session.screen)")
        let seen = try await session.waitFor("Grading cancelled")
        try await session.waitFor("Nothing was sent to the class", after: seen)
        #expect(try await session.waitForExit() == 130, "\(session.screen)")
        let left = try await CheckLeftovers.after(in: scratch.url)
        #expect(left.files.isEmpty, "left behind: \(left.files)")
        #expect(left.processes.isEmpty, "still running in the check's folder: \(left.processes)")
    }
}
