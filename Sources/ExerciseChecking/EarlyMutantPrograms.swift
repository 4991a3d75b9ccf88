import Synchronization

/// The programs that will run a test-writing check's planted bugs (its mutants), started before
/// their turn, below the check's priority (see `CheckProgramRun.start(_:early:)`): each loads
/// XCTest, Foundation and the lesson library while the learner's tests compile, and is then only
/// a load of two small libraries and a run once its gate opens.
///
/// Why one at a time, `spacing` apart, while the tests compile: started all at once beside the
/// compiler, eleven programs slowed it by a quarter (the kernel's work of mapping their
/// libraries, which no priority orders); started all at once when the tests had compiled, nine
/// of them loaded beside the link of the tests, the next step the learner waits for, which then
/// took 25 ms instead of 5. One every 25 ms while the compiler works keeps one loading at a
/// time on the core it leaves idle. constructor.4 (eleven planted bugs), turn about in two
/// workspaces, medians: a body edit 432 → 375 ms (40 turns; another 30 gave 401 both), a new
/// function 483 → 439 ms (30 turns); 15, 35 and 50 ms apart were each slower than 25.
///
/// Once closed (the tests failed to build, the check is over or cancelled), no program starts.
struct EarlyMutantPrograms: Sendable {
    /// How far apart the programs start while the tests compile.
    static let spacing: Duration = .milliseconds(25)

    private struct Starts {
        var next = 0
        var runs: [Int: CheckProgramRun.StartedRun] = [:]
        var closed = false
        /// The task that starts one more every `spacing` (see `spreadOut()`), cancelled on close.
        var spreading: Task<Void, Never>?
    }

    private final class Shared: Sendable {
        let starts = Mutex(Starts())
    }

    private let shared = Shared()
    private let requests: [CheckProgramRequest]
    private let programRun: CheckProgramRun

    init(_ requests: [CheckProgramRequest], by programRun: CheckProgramRun) {
        self.requests = requests
        self.programRun = programRun
    }

    /// Starts the programs not started yet, up to `end` (exclusive); none once closed. One that
    /// cannot start now starts in its turn, as if never started early.
    func start(upTo end: Int) {
        shared.starts.withLock { starts in
            while !starts.closed, starts.next < min(end, requests.count) {
                if let started = try? programRun.start(requests[starts.next], early: true) {
                    starts.runs[starts.next] = started
                }
                starts.next += 1
            }
        }
    }

    /// Starts one more program every `spacing`, on a task of its own, until all have started or
    /// they are closed (which cancels the task).
    func spreadOut() {
        let spreading = Task(priority: .background) {
            while true {
                try? await Task.sleep(for: Self.spacing)
                let next = shared.starts.withLock { $0.closed ? requests.count : $0.next }
                guard !Task.isCancelled, next < requests.count else { return }
                start(upTo: next + 1)
            }
        }
        let closed = shared.starts.withLock { starts in
            starts.spreading = spreading
            return starts.closed
        }
        if closed { spreading.cancel() }
    }

    /// The programs started so far, by the index of their request. No more start.
    func close() -> [Int: CheckProgramRun.StartedRun] {
        shared.starts.withLock { starts in
            Self.close(&starts)
            return starts.runs
        }
    }

    /// The programs started so far, which the caller then owns. No more start.
    func takeAll() -> [CheckProgramRun.StartedRun] {
        shared.starts.withLock { starts in
            Self.close(&starts)
            defer { starts.runs = [:] }
            return Array(starts.runs.values)
        }
    }

    private static func close(_ starts: inout Starts) {
        starts.closed = true
        starts.spreading?.cancel()
    }
}
