import Foundation

import Glibc

/// Runs programs for real: under a reaper of their own, with limits, captured output and a kill switch.
///
/// Nothing a run starts outlives it. The program's parent is a reaper of the run's own, a
/// child subreaper that adopts every process the program starts when that process's parent
/// ends, whatever process group or session it made for itself (Foundation's `Process`,
/// `setsid`, a double fork). When the program ends, when the timeout runs out, or when the
/// run is cancelled, the reaper kills every process left in the run and only then ends; the
/// run is over when the reaper is. The reaper also ends the run when this process dies, even
/// of SIGKILL. Why a subreaper and not a PID namespace or a cgroup, and the limits of it:
/// `cchildprocess_reaper.c`.
///
/// Each run gets a dedicated thread, because supervising a child means
/// blocking in `poll(2)` and `waitpid(2)`, which must not hold up a thread of
/// Swift's small cooperative pool. Runs share no state, so any number can go
/// at once (for example from a `TaskGroup`).
package struct ChildProcessLauncher: ProcessLaunching {
    /// How often the supervising thread looks for the reaper's end on a system without
    /// pidfds (before Linux 5.3).
    static let pollInterval: Duration = .milliseconds(20)

    /// How long to keep reading once every process of the run has ended, in case a process
    /// outside the run (one the reaper could not kill) still holds a pipe.
    static let drainGracePeriod: Duration = .seconds(2)

    /// How long the reaper may take to end a run once told to, before it is killed itself.
    /// Longer than the reaper's own 2 seconds of trying (`MAX_KILL_ROUNDS`).
    static let stopGracePeriod: Duration = .seconds(5)

    /// How long a program that has reported its end (see ``ReportedEnd``) may take to end by
    /// itself before it is stopped; the compiler and the program that runs the checks take
    /// milliseconds.
    static let exitGracePeriod: Duration = .seconds(2)

    /// What times a run (its timeout, the grace periods, its duration): the machine's monotonic
    /// clock in production (`ContinuousClock`), as the kernel's `poll(2)` waits in real time.
    private let clock: any Clock<Duration>

    /// Creates a launcher that times its runs on `clock`.
    package init(clock: any Clock<Duration>) {
        self.clock = clock
    }

    package func run(_ request: ChildProcessRequest) async throws -> ChildProcessResult {
        let cancellation = RunCancellation()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let clock: any Clock<Duration> = self.clock
                let thread = Thread {
                    ThreadName.set("didojo-launcher")
                    // Resumed once: with the result the program reported (the thread then goes
                    // on until the run has ended), or with the result of the ended run.
                    var resumed = false
                    let result = Result {
                        try Self.runBlocking(request, clock: clock, cancellation: cancellation) { reported in
                            resumed = true
                            continuation.resume(returning: reported)
                        }
                    }
                    if !resumed { continuation.resume(with: result) }
                }
                thread.start()
            }
        } onCancel: {
            cancellation.request()
        }
    }

    /// Runs the request on the calling thread and returns once the child and everything it
    /// started are gone; the timeout is the only way to stop it early.
    ///
    /// For callers that must answer before they return and cannot `await`, such as Tab
    /// completion inside the line editor's callback. Keep such runs short, and ungated: a gate
    /// could only be opened from another thread.
    package func runWaiting(_ request: ChildProcessRequest) throws -> ChildProcessResult {
        let clock: any Clock<Duration> = self.clock
        return try Self.runBlocking(request, clock: clock, cancellation: nil, whenEndReported: { _ in })
    }

    // MARK: - Blocking work (runs on the dedicated thread)

    /// Starts the child and supervises the run until every process of it is gone (the
    /// decisions are ``RunSupervision``'s, the system calls ``RunningChild``'s).
    ///
    /// - Parameter whenEndReported: given the result as soon as the program reports its end
    ///   (see ``ChildProcessRequest/reportedEnd``), before the run has ended; the result
    ///   returned at the end is then the ended run's.
    static func runBlocking<C: Clock<Duration>>(
        _ request: ChildProcessRequest,
        clock: C,
        cancellation: RunCancellation?,
        whenEndReported: (ChildProcessResult) -> Void
    ) throws -> ChildProcessResult {
        let startTime = clock.now
        let child = try RunningChild.start(request)
        var supervision = RunSupervision(
            clock: clock, timeout: request.timeout, gated: request.gate != nil,
            stopGracePeriod: stopGracePeriod, drainGracePeriod: drainGracePeriod, exitGracePeriod: exitGracePeriod
        )

        while supervision.state != .finished {
            // Gate and cancellation wake the thread only while they can still change something;
            // their pipes stay readable once signalled.
            var wakeDescriptors: [Int32] = []
            switch supervision.state {
            case .gateHeld:
                wakeDescriptors = [request.gate?.wakeDescriptor, cancellation?.wakeDescriptor].compactMap { $0 }
            case .running:
                wakeDescriptors = [cancellation?.wakeDescriptor].compactMap { $0 }
            case .exiting, .stopping, .draining, .finished:
                break
            }
            var timeout = milliseconds(from: clock.now, until: supervision.nextWakeUp)
            if child.needsRegularLooks || wakeDescriptors.contains(-1) {
                let interval = milliseconds(from: clock.now, until: clock.now.advanced(by: pollInterval))
                timeout = timeout < 0 ? interval : min(timeout, interval)
            }
            child.waitForActivity(wakeDescriptors: wakeDescriptors, timeoutMilliseconds: timeout)

            for event in events(of: child, gate: request.gate, cancellation: cancellation, on: clock) {
                for action in supervision.handle(event) {
                    switch action {
                    case .releaseInput:
                        // An early start yields only while it waits (see `niceness`).
                        if request.niceness > 0 { child.restoreSessionPriority() }
                        child.releaseInput()
                    case .stop: child.stop()
                    case .forceStop: child.forceStop()
                    case .closeOutput: child.closeOutput()
                    case .deliverReportedResult:
                        child.readWhatIsWaiting()
                        whenEndReported(result(of: child, .exited(child.reportedStatus ?? 0), supervision, since: startTime, on: clock))
                    }
                }
            }
        }

        return result(of: child, child.finish(), supervision, since: startTime, on: clock)
    }

    /// What the run has come to: how the program ended (or says it has) and its output so far.
    private static func result<C: Clock<Duration>>(
        of child: RunningChild, _ termination: Termination, _ supervision: RunSupervision<C>, since startTime: C.Instant, on clock: C
    ) -> ChildProcessResult {
        ChildProcessResult(
            termination: termination,
            standardOutput: child.standardOutput.text,
            standardError: child.standardError.text,
            droppedOutputBytes: child.standardOutput.droppedByteCount + child.standardError.droppedByteCount,
            timedOut: supervision.timedOut,
            cancelled: supervision.cancelled,
            duration: startTime.duration(to: clock.now)
        )
    }

    /// What the supervising thread sees after a wait, the end of the run first: a child that
    /// ended just as its time ran out ended by itself.
    private static func events<C: Clock<Duration>>(
        of child: RunningChild, gate: ChildProcessGate?, cancellation: RunCancellation?, on clock: C
    ) -> [RunSupervision<C>.Event] {
        var events: [RunSupervision<C>.Event] = []
        if child.hasEnded { events.append(.runEnded) }
        if child.outputIsClosed { events.append(.outputClosed) }
        if child.reportedStatus != nil { events.append(.endReported) }
        if let gate {
            if gate.isOpen {
                events.append(.gateOpened)
            } else if gate.isAbandoned {
                events.append(.gateAbandoned)
            }
        }
        if cancellation?.isRequested == true { events.append(.cancelled) }
        events.append(.timePassed)
        return events
    }

    /// Whole milliseconds from `now` until `instant`, rounded up so the thread never wakes
    /// just before it; -1 (no limit) when there is no instant.
    private static func milliseconds<Instant: InstantProtocol<Duration>>(from now: Instant, until instant: Instant?) -> Int32 {
        guard let instant else { return -1 }
        let remaining = now.duration(to: instant)
        guard remaining > .zero else { return 0 }
        let (seconds, attoseconds) = remaining.components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: milliseconds)
    }
}
