import ChildProcess
import DojoTestSupport
import Foundation
import Testing

import Glibc

/// The file-size and process limits, on real programs. (The memory and core-dump limits:
/// ChildProcessLauncherTests.)
@Suite("Resource limits")
struct ResourceLimitTests {
    let launcher = ChildProcessLauncher(clock: ContinuousClock())

    // MARK: File size

    @Test func theDefaultFileSizeLimitIs64MiB() async throws {
        // dash reports it in blocks of 512 bytes.
        let result = try await launcher.run(shell("ulimit -f"))
        #expect(result.standardOutput == "\(64 * 1024 * 1024 / 512)\n")
    }

    @Test func aWriterPastTheFileSizeLimitIsStoppedAndTheFileCutThere() async throws {
        let folder = TestRunFolder.url.appendingPathComponent(TestRunFolder.uniqueName("didojo-fsize"))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("log")
        var request = shell("exec dd if=/dev/zero of=\(file.path) bs=64k count=64 2>/dev/null")

        request.fileSizeLimit = 1024 * 1024
        let limited = try await launcher.run(request)
        #expect(limited.termination == .signaled(SIGXFSZ))
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int == 1024 * 1024)

        request.fileSizeLimit = nil
        let unlimited = try await launcher.run(request)
        #expect(unlimited.termination == .exited(0))
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int == 4 * 1024 * 1024)
    }

    // MARK: Priority

    @Test func aChildStartedWithANicenessRunsThatMuchLower() async throws {
        let caller = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        var request = shell("exec nice")
        request.niceness = 7
        let lowered = try await launcher.run(request)
        #expect(lowered.standardOutput == "\(min(caller + 7, 19))\n")
        request.niceness = 0
        let asTheCaller = try await launcher.run(request)
        #expect(asTheCaller.standardOutput == "\(caller)\n")
    }

    /// Every child has a session of its own, and with the kernel's autogroups a session is
    /// weighed against the others as one: the child's niceness must be its session's too, or
    /// it would take as much of the processor as the compiler it should yield to.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/autogroup")))
    func aChildStartedWithANicenessHasItsSessionScheduledThatMuchLower() async throws {
        var request = shell("cat /proc/self/autogroup")
        request.niceness = 7
        let lowered = try await launcher.run(request)
        #expect(lowered.standardOutput.hasSuffix(" nice 7\n"), "\(lowered.standardOutput)")
        request.niceness = 0
        let asTheCaller = try await launcher.run(request)
        #expect(asTheCaller.standardOutput.hasSuffix(" nice 0\n"), "\(asTheCaller.standardOutput)")
    }

    /// A program started early at a lower priority loads behind its gate at that priority, and
    /// runs at the caller's once the gate opens: its run is what the caller waits for.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/autogroup")))
    func aGatedChildStartedLowerRunsAtTheCallersPriorityOnceItsGateOpens() async throws {
        let folder = try TemporaryFolder("gated-priority")
        let before = folder.url.appendingPathComponent("before")
        var request = shell("cat /proc/self/autogroup > '\(before.path).tmp' && mv '\(before.path).tmp' '\(before.path)'; cat > /dev/null; cat /proc/self/autogroup")
        request.niceness = 7
        let gate = ChildProcessGate()
        request.gate = gate
        async let run = launcher.run(request)
        // Long: in the whole suite, hundreds of processes start at once, and the run's own task
        // may wait its turn for seconds. A gate opened before the program has looked would
        // measure nothing (it would see the caller's priority), so the test stops instead.
        let deadline = ContinuousClock.now + .seconds(300)
        while !FileManager.default.fileExists(atPath: before.path), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        let looked = FileManager.default.fileExists(atPath: before.path)
        gate.open()
        try #require(looked, "the program did not start within 300 s")
        let result = try await run
        #expect(try String(contentsOf: before, encoding: .utf8).hasSuffix(" nice 7\n"))
        #expect(result.standardOutput.hasSuffix(" nice 0\n"), "\(result.standardOutput)")
    }

    // MARK: Processes

    /// A loop that starts processes that never end, each in a session of its own, until it
    /// cannot (dash then says "Cannot fork" and exits with status 2) or has started 2000.
    ///
    /// The kernel does not apply RLIMIT_NPROC to root, so as root the loop runs as `nobody`
    /// (setpriv keeps the limits): the limit is then counted against nobody's processes.
    static func processLoop(marker: String) -> String {
        let loop = #"i=0; while [ $i -lt 2000 ]; do setsid sleep \#(marker) & i=$((i + 1)); done; echo "started $i""#
        return getuid() == 0
            ? "exec setpriv --reuid=65534 --regid=65534 --clear-groups sh -c '\(loop)'"
            : loop
    }

    @Test(.timeLimit(.minutes(3)))
    func aForkBombStopsAtTheProcessLimitAndLeavesNothingBehind() async throws {
        let marker = ProcessTable.newMarker()
        defer { ProcessTable.killAll(carrying: marker) }
        var request = shell(Self.processLoop(marker: marker), timeout: .seconds(120))
        request.additionalProcessLimit = 64
        let result = try await launcher.run(request)
        #expect(result.termination == .exited(2), "the loop was not stopped: \(result.standardOutput)")
        #expect(result.standardError.contains("Cannot fork"))
        #expect(!result.standardOutput.contains("started"))
        let left = ProcessTable.processes(carrying: marker)
        #expect(left.isEmpty, "\(left.count) processes left running")
    }

    @Test func theProcessLimitLeavesRoomForAnHonestProgram() async throws {
        // Twenty background processes at once, well inside the default margin of 512.
        let marker = ProcessTable.newMarker()
        defer { ProcessTable.killAll(carrying: marker) }
        let script = #"for i in $(seq 20); do sleep \#(marker) & done; echo started"#
        let result = try await launcher.run(shell(getuid() == 0
            ? "exec setpriv --reuid=65534 --regid=65534 --clear-groups sh -c '\(script)'"
            : script))
        #expect(result.termination == .exited(0))
        #expect(result.standardOutput == "started\n")
    }
}
