import DojoTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Processes a learner's code starts and leaves behind, wherever they go: a process group of
/// their own (Foundation's `Process`), a session of their own (`setsid`), an orphan of a double
/// fork; a file that grows without end; processes started without end. Each must end with the
/// check, which passes or fails as the code deserves.
///
/// Every process a fixture starts carries a fresh marker (a `sleep` duration no other process
/// has); once the check has returned, the whole process table is searched for it.
extension LearnerProgramFaultTests {
    /// A check of a fixture whose __MARKER__ and __RECORD__ were filled in.
    struct MarkedCheck {
        let checked: Checked
        let marker: String
        /// What the fixture wrote into its record file.
        let record: String
    }

    func checkMarked(
        _ fixture: String, timeout: Duration = Self.ampleTimeout, replacing placeholders: [String: String] = [:]
    ) async throws -> MarkedCheck {
        let marker = ProcessTable.newMarker()
        let record = TestRunFolder.url.appendingPathComponent(TestRunFolder.uniqueName("didojo-record"))
        try Data().write(to: record)
        defer { try? FileManager.default.removeItem(at: record) }
        let checked = try await check(
            fixture, timeout: timeout,
            replacing: placeholders.merging(["__MARKER__": marker, "__RECORD__": record.path]) { _, new in new }
        )
        let recorded = (try? String(contentsOf: record, encoding: .utf8)) ?? ""
        return MarkedCheck(checked: checked, marker: marker, record: recorded)
    }

    /// Expects that no process carrying `marker` is running now that the check has returned
    /// (the checker returns only once its runs are over), and kills any that is.
    func expectNothingLeft(carrying marker: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let left = ProcessTable.processes(carrying: marker)
        #expect(left.isEmpty, "left running after the check: \(ProcessTable.describe(left))", sourceLocation: sourceLocation)
        ProcessTable.killAll(carrying: marker)
    }

    /// Expects that the fixture started `count` processes, by the process ids it recorded.
    func expectStarted(_ marked: MarkedCheck, atLeast count: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let pids = marked.record.split(separator: "\n").compactMap { Int($0) }
        #expect(pids.count >= count, "the fixture recorded \(pids.count) started processes: \(marked.record)", sourceLocation: sourceLocation)
    }

    // MARK: Escapes from the process group

    @Test func aNotifierStartedWithFoundationsProcessEndsWithThePassingCheck() async throws {
        // The case seen by hand: a passing solution's /bin/sleep, left running with parent 1.
        let marked = try await checkMarked("StartsANotifierWithFoundationProcess")
        #expect(marked.checked.report.outcome == .passed, "correct code must pass: \(marked.checked.printed)")
        expectStarted(marked, atLeast: 4)
        expectNothingLeft(carrying: marked.marker)
    }

    @Test func aNotifierInASessionOfItsOwnEndsWithThePassingCheck() async throws {
        let marked = try await checkMarked("StartsANotifierInASessionOfItsOwn")
        #expect(marked.checked.report.outcome == .passed, "correct code must pass: \(marked.checked.printed)")
        expectStarted(marked, atLeast: 4)
        expectNothingLeft(carrying: marked.marker)
    }

    @Test func theOrphanOfADoubleForkEndsWithThePassingCheck() async throws {
        let marked = try await checkMarked("StartsANotifierThroughADoubleFork")
        #expect(marked.checked.report.outcome == .passed, "correct code must pass: \(marked.checked.printed)")
        expectStarted(marked, atLeast: 4)
        expectNothingLeft(carrying: marked.marker)
    }

    @Test func aNotifierInASessionOfItsOwnEndsWhenTheCheckerIsKilled() async throws {
        // The real binary, killed with SIGKILL while the learner's program loops. The program
        // stops itself when its output closes, but the notifier is outside its process group
        // and writes nothing: only the run's reaper, which sees the checker die, can end it.
        let marker = ProcessTable.newMarker()
        defer { ProcessTable.killAll(carrying: marker) }
        var didojo = try Didojo()
        didojo.unconfined = true
        _ = try await didojo.run([], input: "quit\n")  // the first start makes the workspace
        let pidFile = didojo.home.url.appendingPathComponent("learner.pid")
        let source = try String(contentsOf: Self.fixtures.appendingPathComponent("OutlivesTheCheckerInASessionOfItsOwn.swift"), encoding: .utf8)
            .replacingOccurrences(of: "__PID_FILE__", with: pidFile.path)
            .replacingOccurrences(of: "__MARKER__", with: marker)
        try source.write(to: didojo.workspace.appendingPathComponent("no-di/1/SocialPresenter.swift"), atomically: true, encoding: .utf8)
        let killed = try await checkThenKill(didojo) {
            FileManager.default.fileExists(atPath: pidFile.path) && !ProcessTable.processes(carrying: marker).isEmpty
        }
        #expect(killed.wasRunning, "didojo ended before it could be killed: \(killed.output)")
        let left = try await ProcessTable.waitUntilNoneCarries(marker, limit: .seconds(30))
        #expect(left.isEmpty, "left running after the checker was killed: \(ProcessTable.describe(left))")
    }

    // MARK: Limits

    @Test func aLogThatGrowsWithoutEndStopsAtTheFileSizeLimit() async throws {
        let log = TestRunFolder.url.appendingPathComponent(TestRunFolder.uniqueName("didojo-log"))
        defer { try? FileManager.default.removeItem(at: log) }
        let checked = try await check("WritesAnEndlessLog", timeout: Self.ampleTimeout, replacing: ["__RECORD__": log.path])
        let crash = try #require(checked.crash, "expected the writer to be stopped, got \(checked.report.outcome)")
        #expect(crash.signal.contains("SIGXFSZ"))
        #expect(checked.printed.contains("your code was stopped: file size limit exceeded (SIGXFSZ)"))
        #expect(checked.printed.contains("Your code wrote a file bigger than a check may write"))
        let size = try FileManager.default.attributesOfItem(atPath: log.path)[.size] as? Int
        #expect(size == 64 << 20, "the log grew to \(String(describing: size)) bytes")
        await expectStillResponsive(checked)
    }

    @Test func aForkBombStopsAtTheProcessLimitAndLeavesNothingBehind() async throws {
        // As root the kernel ignores the process limit, so there the bomb runs as nobody.
        let asNobody = getuid() == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups" : ""
        let marked = try await checkMarked("StartsProcessesWithoutEnd", replacing: ["__AS_NOBODY__": asNobody])
        #expect(marked.record.contains("Cannot fork") && marked.record.contains("status 2"), "the bomb was not stopped: \(marked.record)")
        // Its `share` throws; a non-root bomb's owner may also be refused the threads it asks for.
        #expect(!marked.checked.report.passed)
        expectNothingLeft(carrying: marked.marker)
        await expectStillResponsive(marked.checked)
    }
}
