/// What the supervisor of one run does next, decided from what has happened: the launcher's
/// supervising loop without its system calls.
///
/// The loop reports each thing it sees as an ``Event`` and carries out the ``Action``s that
/// come back; ``nextWakeUp`` says when time alone will next matter. The time comes from the
/// clock given at the start, so tests drive the deadline, the gate and the grace periods with
/// a clock of their own instead of waiting.
///
/// A run goes through these states:
/// - ``State/gateHeld``: started behind a shut gate, its input held; its time has not begun.
/// - ``State/running(deadline:)``: going, until the deadline if there is one.
/// - ``State/exiting(stopAt:)``: the program has reported its end (see ``ReportedEnd``) and the
///   caller has its result; it has until `stopAt` to end by itself (an honest one takes
///   milliseconds), and is then stopped. Left to end by itself, its reaper has nothing else to
///   end (a stop makes it look through the process table for what the program started).
/// - ``State/stopping(giveUpAt:)``: its reaper was told to end it (timeout, cancellation, an
///   abandoned gate, a program slow to end after its report) and is killing its processes. A reaper that has not ended by `giveUpAt`
///   is killed itself, together with the program's process group.
/// - ``State/draining(until:)``: every process of the run has ended (the reaper is gone);
///   what is still in the output pipes is read, until they close or the time is up. They stay
///   open past the end only if a process outside the run holds them.
/// - ``State/finished``: nothing is left but to reap the reaper.
struct RunSupervision<C: Clock> where C.Duration == Duration {
    enum State: Equatable {
        case gateHeld
        case running(deadline: C.Instant?)
        case exiting(stopAt: C.Instant)
        case stopping(giveUpAt: C.Instant?)
        case draining(until: C.Instant)
        case finished
    }

    enum Event: Equatable {
        /// The gate was opened.
        case gateOpened
        /// The gate was abandoned.
        case gateAbandoned
        /// The caller cancelled the run.
        case cancelled
        /// The run's reaper ended: the program and everything it started are gone.
        case runEnded
        /// Both output pipes are closed.
        case outputClosed
        /// The program has reported on its standard error that its work is done (see
        /// ``ReportedEnd``), while it still runs.
        case endReported
        /// Nothing but time (the supervisor woke up at ``nextWakeUp``, or for nothing).
        case timePassed
    }

    enum Action: Equatable {
        /// Close the gated child's input, its signal to go on.
        case releaseInput
        /// Tell the reaper to end the run.
        case stop
        /// Kill the reaper, which did not end the run in time, and the program's process group.
        case forceStop
        /// Stop reading the output pipes.
        case closeOutput
        /// Give the caller the run's result now, with the status the program reported; the rest
        /// of the run ends and is reaped without it.
        case deliverReportedResult
    }

    let clock: C
    /// How long the run may go (from the opening of the gate, for a gated run).
    let timeout: Duration?
    /// How long the reaper may take to end the run once told to, before it is killed.
    let stopGracePeriod: Duration
    /// How long to keep reading output once every process of the run is gone.
    let drainGracePeriod: Duration
    /// How long a program that has reported its end may take to end by itself.
    let exitGracePeriod: Duration

    private(set) var state: State
    /// Whether the run was stopped because its time ran out.
    private(set) var timedOut = false
    /// Whether the run was stopped because it was cancelled or its gate abandoned.
    private(set) var cancelled = false
    private var outputIsClosed = false

    init(
        clock: C, timeout: Duration?, gated: Bool, stopGracePeriod: Duration, drainGracePeriod: Duration,
        exitGracePeriod: Duration = .seconds(2)
    ) {
        self.clock = clock
        self.timeout = timeout
        self.stopGracePeriod = stopGracePeriod
        self.drainGracePeriod = drainGracePeriod
        self.exitGracePeriod = exitGracePeriod
        state = gated ? .gateHeld : .running(deadline: timeout.map { clock.now.advanced(by: $0) })
    }

    /// When time alone next changes something; `nil` when only an event can.
    var nextWakeUp: C.Instant? {
        switch state {
        case .gateHeld, .finished: nil
        case .running(let deadline): deadline
        case .exiting(let stopAt): stopAt
        case .stopping(let giveUpAt): giveUpAt
        case .draining(let until): until
        }
    }

    /// Takes in what happened and returns what to do about it, in order.
    mutating func handle(_ event: Event) -> [Action] {
        let now = clock.now
        switch event {
        case .runEnded:
            switch state {
            case .gateHeld, .running, .exiting, .stopping:
                state = outputIsClosed ? .finished : .draining(until: now.advanced(by: drainGracePeriod))
            case .draining, .finished:
                break
            }
            return []

        case .outputClosed:
            outputIsClosed = true
            if case .draining = state { state = .finished }
            return []

        case .endReported:
            // Only a run still going: one being stopped (its time ran out, it was cancelled)
            // ends as that, and an ended run's own status is the one to believe.
            let deadline: C.Instant?
            switch state {
            case .gateHeld: deadline = nil
            case .running(let running): deadline = running
            case .exiting, .stopping, .draining, .finished: return []
            }
            let stopAt = now.advanced(by: exitGracePeriod)
            state = .exiting(stopAt: deadline.map { min($0, stopAt) } ?? stopAt)
            return [.deliverReportedResult]

        case .gateOpened:
            guard state == .gateHeld else { return [] }
            state = .running(deadline: timeout.map { now.advanced(by: $0) })
            return [.releaseInput]

        case .gateAbandoned, .cancelled:
            switch state {
            case .gateHeld, .running, .exiting:
                // A gated child's input stays held: released now, it would be the signal to go
                // on, and the child could take a step before the reaper's kill lands.
                cancelled = true
                return stop(at: now)
            case .stopping, .draining, .finished:
                return []
            }

        case .timePassed:
            switch state {
            case .running(let deadline?) where now >= deadline:
                timedOut = true
                return stop(at: now)
            case .exiting(let stopAt) where now >= stopAt:
                return stop(at: now)
            case .stopping(let giveUpAt?) where now >= giveUpAt:
                state = .stopping(giveUpAt: nil)
                return [.forceStop]
            case .draining(let until) where now >= until:
                state = .finished
                return [.closeOutput]
            default:
                return []
            }
        }
    }

    private mutating func stop(at now: C.Instant) -> [Action] {
        state = .stopping(giveUpAt: now.advanced(by: stopGracePeriod))
        return [.stop]
    }
}
