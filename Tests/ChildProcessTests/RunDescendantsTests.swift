import ChildProcess
import DojoTestSupport
import Foundation
import Testing

import Glibc

/// Nothing a run starts outlives it, wherever it went: the launcher's reaper on real processes.
///
/// Each test marks what its script starts with a fresh marker (a `sleep` duration no other
/// process has) and, once the run has returned, looks through the whole process table for it.
/// The same escapes through the real checker, as a learner's code would make them:
/// FaultInjectionTests.
@Suite("Nothing outlives a run")
struct RunDescendantsTests {
    let launcher = ChildProcessLauncher(clock: ContinuousClock())

    /// Expects no live process to carry `marker`, and kills any that does, so that a failing
    /// test leaves nothing behind either.
    func expectNothingLeft(carrying marker: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let left = ProcessTable.processes(carrying: marker)
        #expect(left.isEmpty, "left running after the run: \(ProcessTable.describe(left))", sourceLocation: sourceLocation)
        ProcessTable.killAll(carrying: marker)
    }

    @Test func aProcessInASessionOfItsOwnEndsWithTheRun() async throws {
        // The sleeper holds the run's output pipes too: the run ends only because it is killed.
        let marker = ProcessTable.newMarker()
        let result = try await launcher.run(shell("""
            setsid sleep \(marker) &
            sleeper=$!
            session() { cut -d' ' -f6 /proc/$1/stat; }
            while [ "$(session $sleeper)" = "$(session $$)" ]; do sleep 0.01; done
            echo "$(session $sleeper) $(session $$)"
            """))
        #expect(result.termination == .exited(0))
        #expect(!result.timedOut)
        // The scenario is real only if the sleeper did leave the run's session.
        let sessions = result.standardOutput.split(whereSeparator: \.isWhitespace)
        try #require(sessions.count == 2)
        #expect(sessions[0] != sessions[1])
        expectNothingLeft(carrying: marker)
    }

    @Test func aProcessInAGroupOfItsOwnEndsWithTheRun() async throws {
        // As Foundation's Process starts its children: a process group of their own.
        let marker = ProcessTable.newMarker()
        let result = try await launcher.run(shell("""
            perl -e 'setpgrp(0, 0); exec "sleep", "\(marker)"' >/dev/null 2>&1 &
            sleeper=$!
            group() { cut -d' ' -f5 /proc/$1/stat; }
            while [ "$(group $sleeper)" = "$(group $$)" ]; do sleep 0.01; done
            echo "$(group $sleeper) $(group $$)"
            """))
        #expect(result.termination == .exited(0))
        let groups = result.standardOutput.split(whereSeparator: \.isWhitespace)
        try #require(groups.count == 2)
        #expect(groups[0] != groups[1])
        expectNothingLeft(carrying: marker)
    }

    @Test func theOrphanOfADoubleForkIsAdoptedByTheReaperAndEndsWithTheRun() async throws {
        // The subshell starts the sleeper and ends at once, so the sleeper is an orphan: without
        // a subreaper, init would adopt it and nothing would tie it to the run any more.
        let marker = ProcessTable.newMarker()
        let result = try await launcher.run(shell("""
            sleeper=$( (sleep \(marker) >/dev/null 2>&1 & echo $!) )
            parent() { cut -d' ' -f4 /proc/$1/stat; }
            while [ "$(parent $sleeper)" != "$PPID" ]; do sleep 0.01; done
            echo "adopted by $(cat /proc/$PPID/comm)"
            """))
        #expect(result.termination == .exited(0))
        #expect(result.standardOutput == "adopted by didojo-reaper\n")
        expectNothingLeft(carrying: marker)
    }

    /// Waits until a process carries `marker` while `run` goes on. A run that ended first, or
    /// never showed it within a minute, is a failure said at once (with what became of the
    /// run), never a wait for ever: a test run once hung here until CI's own limit.
    func waitForProcess(carrying marker: String, of run: Task<ChildProcessResult, any Error>) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while ProcessTable.processes(carrying: marker).isEmpty {
            guard ContinuousClock.now < deadline else {
                run.cancel()
                let ended = await run.result
                Issue.record("no process carried \(marker) within a minute; the run: \(ended)")
                throw CancellationError()
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    @Test(.timeLimit(.minutes(3)))
    func escapedProcessesEndWhenTheRunTimesOut() async throws {
        // Held behind the gate until the sleeper has left the session, then timed out.
        let marker = ProcessTable.newMarker()
        let gate = ChildProcessGate()
        let launcher = self.launcher
        let run = Task {
            try await launcher.run(shell("setsid sleep \(marker) & cat; while :; do :; done", timeout: .milliseconds(300), gate: gate))
        }
        defer { gate.abandon() }
        try await waitForProcess(carrying: marker, of: run)
        gate.open()
        let result = try await run.value
        #expect(result.timedOut)
        expectNothingLeft(carrying: marker)
    }

    @Test(.timeLimit(.minutes(3)))
    func escapedProcessesEndWhenTheRunIsCancelled() async throws {
        let marker = ProcessTable.newMarker()
        let launcher = self.launcher
        let run = Task { try await launcher.run(shell("setsid sleep \(marker) & sleep 1000")) }
        defer { run.cancel() }
        try await waitForProcess(carrying: marker, of: run)
        run.cancel()
        let result = try await run.value
        #expect(result.cancelled)
        expectNothingLeft(carrying: marker)
    }

    @Test(.timeLimit(.minutes(2)))
    func runsAtOnceEndOnlyTheirOwnProcesses() async throws {
        // The first run is held at its gate with an escaped sleeper of its own while the second
        // starts one, ends, and is cleaned up.
        let first = ProcessTable.newMarker()
        let second = ProcessTable.newMarker()
        defer {
            ProcessTable.killAll(carrying: first)
            ProcessTable.killAll(carrying: second)
        }
        let gate = ChildProcessGate()
        let launcher = self.launcher
        let held = Task { try await launcher.run(shell("setsid sleep \(first) & cat", gate: gate)) }
        defer { gate.abandon() }
        try await waitForProcess(carrying: first, of: held)

        let other = try await launcher.run(shell("setsid sleep \(second) & sleep 0.2"))
        #expect(other.termination == .exited(0))
        expectNothingLeft(carrying: second)
        #expect(!ProcessTable.processes(carrying: first).isEmpty, "the second run's end killed the first run's process")

        gate.open()
        let result = try await held.value
        #expect(result.termination == .exited(0))
        expectNothingLeft(carrying: first)
    }

    @Test(.timeLimit(.minutes(2)))
    func orphansThatEndDuringTheRunAreReapedAtOnce() async throws {
        // Ten short-lived orphans end while the run goes on; as zombies of the reaper they
        // would pile up until the run ends. The script waits until none is left (or gives up
        // after about 30 seconds) and says how many there were.
        let result = try await launcher.run(shell("""
            for i in 1 2 3 4 5 6 7 8 9 10; do (true &); done
            zombies() { cat /proc/[0-9]*/stat 2>/dev/null | cut -d' ' -f3,4 | grep -c "^Z $PPID$"; }
            tries=0
            while [ "$(zombies)" != 0 ] && [ $tries -lt 300 ]; do tries=$((tries + 1)); sleep 0.1; done
            echo "zombies: $(zombies)"
            """, timeout: .seconds(90)))
        #expect(result.standardOutput == "zombies: 0\n")
    }

    @Test func theProgramLeadsASessionUnderItsReaper() async throws {
        let result = try await launcher.run(shell(#"cut -d' ' -f4,6 /proc/$$/stat; echo $$; cat /proc/$PPID/comm"#))
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        try #require(lines.count == 3)
        let parentAndSession = lines[0].split(separator: " ").map(String.init)
        #expect(parentAndSession.last == lines[1], "the program does not lead its session")
        #expect(parentAndSession.first != "\(getpid())", "the program's parent is the launcher, not a reaper")
        #expect(lines[2] == "didojo-reaper")
    }
}
